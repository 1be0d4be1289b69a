package dev.gpushare.engine.state.internal;

import dev.gpushare.engine.state.Allocation;
import java.util.AbstractList;
import java.util.RandomAccess;
import java.util.function.Supplier;

/**
 * A GPU's allocations as a store keeps them, decoded on first read: a command that reads a
 * 100,000-copy snapshot to plan a change reads the copies of few GPUs, and a GPU's count and the
 * MiB its MPS allocations reserve (what the fleet's figures add up) are known without decoding.
 * {@link dev.gpushare.engine.state.Gpu} keeps such a list as it is (any other list is copied).
 *
 * <p>Immutable, like the list it stands for: equal to and hashed as any list of the same
 * allocations. The store checks the stored form when it reads it (every reference in range), so
 * decoding does not fail; it happens at most once, under this list's lock (a snapshot is shared by
 * the threads of a server).
 */
public final class LazyAllocations extends AbstractList<Allocation> implements RandomAccess {
    private final int size;
    private final long mpsReservedMiB;
    private Supplier<Allocation[]> decoder;
    private volatile Allocation[] decoded;

    /**
     * @param size           the allocations stored
     * @param mpsReservedMiB the sum of their memory limits (those without one count 0)
     * @param decoder        gives the {@code size} allocations, once
     */
    public LazyAllocations(int size, long mpsReservedMiB, Supplier<Allocation[]> decoder) {
        if (size < 0) throw new IllegalArgumentException("size " + size + " < 0");
        this.size = size;
        this.mpsReservedMiB = mpsReservedMiB;
        this.decoder = decoder;
    }

    /** The sum of the allocations' memory limits, MiB, as {@link dev.gpushare.engine.state.Gpu#mpsReservedMiB} adds it up. */
    public long mpsReservedMiB() {
        return mpsReservedMiB;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Allocation get(int index) {
        return all()[index];
    }

    /** True once decoded (tests: what a plan leaves unread stays so). */
    public boolean decoded() {
        return decoded != null;
    }

    private Allocation[] all() {
        Allocation[] d = decoded;
        if (d == null) {
            synchronized (this) {
                d = decoded;
                if (d == null) {
                    d = decoder.get();
                    if (d.length != size) throw new IllegalStateException("decoded " + d.length + " allocations of " + size);
                    decoded = d;
                    decoder = null;
                }
            }
        }
        return d;
    }
}
