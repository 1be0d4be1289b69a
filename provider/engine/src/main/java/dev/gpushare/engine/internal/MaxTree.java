package dev.gpushare.engine.internal;

import java.util.Arrays;

/**
 * A segment tree of longs answering "the leftmost position at or after {@code from} whose value is
 * at least {@code x}" in O(log n), and the largest value in O(1): first-fit over tens of thousands
 * of GPUs without a linear scan (placement's run), the first instance with room for an MPS copy as
 * a rollout's waves run (the plan's wave room). Positions never set hold -1. Grows by doubling.
 */
public final class MaxTree {
    private long[] tree;
    private int leaves;

    public MaxTree(int capacity) {
        leaves = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        tree = new long[2 * leaves];
        Arrays.fill(tree, -1);
    }

    public void set(int pos, long value) {
        if (pos >= leaves) grow(pos);
        int i = pos + leaves;
        if (tree[i] == value) return; // placing re-indexes every GPU of an instance; most did not change
        tree[i] = value;
        if (deferred) return;
        for (i >>= 1; i > 0; i >>= 1) {
            long max = Math.max(tree[2 * i], tree[2 * i + 1]);
            if (tree[i] == max) return; // the ancestors hold the same maxima as before
            tree[i] = max;
        }
    }

    /** While true, {@link #set} writes leaves only; {@link #flush} then builds the inner nodes once, in O(n). */
    private boolean deferred;

    /** Starts a batch of {@link #set}s (seeding a run with thousands of instances: O(n), not O(n log n)). */
    public void defer() {
        deferred = true;
    }

    /** Ends the batch: every inner node from its children; queries are answered again. */
    public void flush() {
        deferred = false;
        for (int i = leaves - 1; i > 0; i--) tree[i] = Math.max(tree[2 * i], tree[2 * i + 1]);
    }

    /** The largest value set (-1 when none is). */
    public long max() {
        return tree[1];
    }

    /** Leftmost position ≥ from with value ≥ x, or -1. */
    public int leftmost(int from, long x) {
        if (from >= leaves || tree[1] < x) return -1;
        return find(1, 0, leaves - 1, Math.max(0, from), x);
    }

    private int find(int node, int lo, int hi, int from, long x) {
        if (hi < from || tree[node] < x) return -1;
        while (lo != hi && lo >= from) {
            // whole subtree is in range: descend straight to the leftmost qualifying leaf
            int mid = (lo + hi) >>> 1;
            if (tree[2 * node] >= x) {
                node = 2 * node;
                hi = mid;
            } else {
                node = 2 * node + 1;
                lo = mid + 1;
            }
        }
        if (lo == hi) return lo;
        int mid = (lo + hi) >>> 1;
        int r = find(2 * node, lo, mid, from, x);
        return r >= 0 ? r : find(2 * node + 1, mid + 1, hi, from, x);
    }

    private void grow(int pos) {
        int newLeaves = leaves;
        while (newLeaves <= pos) newLeaves <<= 1;
        long[] t = new long[2 * newLeaves];
        Arrays.fill(t, -1);
        System.arraycopy(tree, leaves, t, newLeaves, leaves);
        for (int i = newLeaves - 1; i > 0; i--) t[i] = Math.max(t[2 * i], t[2 * i + 1]);
        tree = t;
        leaves = newLeaves;
    }
}
