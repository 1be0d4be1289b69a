package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.Owner;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The placement bookkeeping of a placed fleet, pool by pool, kept with the state it describes so
 * that a later change-set placement seeds the instances nothing changed on without reading their
 * allocations (docs/placement.md, "The change-set path"). Opaque outside placement; immutable once
 * built. A pool is recorded only when every copy of it was placed and every instance of it is
 * healthy; each pool's entry is worked out on first use, not while the plan is made.
 */
public final class Memo {
    /** Nothing recorded: every pool takes the full path. */
    public static final Memo NONE = new Memo(Map.of());

    private final Map<Owner, Once> pools;

    private Memo(Map<Owner, Once> pools) {
        this.pools = pools;
    }

    /** The recorded bookkeeping of the pool, or null. */
    PoolMemo pool(Owner owner) {
        Once o = pools.get(owner);
        return o == null ? null : o.get();
    }

    /** Each recorded pool with its bookkeeping (worked out now where it was not yet; null when it cannot be recorded). */
    void forEach(java.util.function.BiConsumer<Owner, PoolMemo> each) {
        pools.forEach((owner, once) -> each.accept(owner, once.get()));
    }

    /** Works out every pool's entry and its nodes now (a read ahead: {@link dev.gpushare.engine.placement.Bookkeeping#prepared}). */
    public void prepare() {
        for (Once once : pools.values()) {
            PoolMemo m = once.get();
            if (m != null) m.nodes();
        }
    }

    /** True when no pool is recorded. */
    public boolean isEmpty() {
        return pools.isEmpty();
    }

    /** Collects the pools of one placement; {@link #build} hands out the memo. */
    public static final class Builder {
        public Builder() {}

        private final Map<Owner, Once> pools = new HashMap<>();

        void put(Owner owner, Supplier<PoolMemo> entry) {
            pools.put(owner, new Once(entry));
        }

        public Memo build() {
            return pools.isEmpty() ? NONE : new Memo(Map.copyOf(pools));
        }
    }

    /** A pool's entry, computed once (null when the pool cannot be recorded). */
    private static final class Once {
        private Supplier<PoolMemo> source;
        private PoolMemo value;

        Once(Supplier<PoolMemo> source) {
            this.source = source;
        }

        synchronized PoolMemo get() {
            if (source != null) {
                value = source.get();
                source = null; // drops what the computation held (the run's nodes, the copies)
            }
            return value;
        }
    }
}
