package dev.gpushare.engine.advise.capacity;

/**
 * The least isolation a choice must keep ({@code --isolation}), weakest first: {@code any} allows
 * time-slicing; {@code mps} needs MPS or better (memory limits); {@code mig} needs hardware
 * isolation (MIG, whole GPUs, fractional slices).
 */
public enum Isolation {
    ANY, MPS, MIG;

    /** True when a form of isolation {@code level} satisfies this floor. */
    public boolean allows(Isolation level) {
        return level.ordinal() >= ordinal();
    }
}
