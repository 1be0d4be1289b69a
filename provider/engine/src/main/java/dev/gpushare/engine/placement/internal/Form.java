package dev.gpushare.engine.placement.internal;

/** The GPU form of a whole copy (all its GPU containers use one form); drives which fit applies. */
enum Form {
    WHOLE, FRACTION, PARTITION, SLOTS, MPS, MIXED, NONE;

    static Form of(Need n) {
        return switch (n) {
            case Need.Mps m -> MPS;
            case Need.Whole w -> WHOLE;
            case Need.Fraction f -> FRACTION;
            case Need.Partition p -> PARTITION;
            case Need.Slots s -> SLOTS;
        };
    }
}
