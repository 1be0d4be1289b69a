package dev.gpushare.engine.plan.internal;

import java.util.Arrays;

/**
 * The free MPS memory of a pool's instances as the waves run, in the pool's order: per position the
 * most free memory on one of the instance's GPUs that can take an MPS copy (-1: none), kept in a
 * max segment tree, so that the first instance with room for a copy is found in O(log n) instead
 * of testing every instance in turn ({@link WaveRoom#elsewhere}), and the most free memory of the
 * pool is read in O(1) (the order of the rollouts).
 */
final class FreeRoom {
    /** Leaves at {@code [width, 2 × width)}; node k holds the max of its children. */
    private long[] tree;
    private int width;

    FreeRoom() {
        width = 16;
        tree = new long[2 * width];
        Arrays.fill(tree, -1);
    }

    /** Sets the free memory of position {@code pos}. */
    void set(int pos, long free) {
        if (pos >= width) grow(pos);
        int k = pos + width;
        tree[k] = free;
        for (k >>= 1; k >= 1; k >>= 1) tree[k] = Math.max(tree[2 * k], tree[2 * k + 1]);
    }

    /** The most free memory at one position (-1 when none). */
    long most() {
        return tree[1];
    }

    /** The first position at or after {@code from} whose free memory is at least {@code need}, or -1. */
    int first(long need, int from) {
        return first(1, 0, width - 1, from, need);
    }

    private int first(int node, int lo, int hi, int from, long need) {
        if (hi < from || tree[node] < need) return -1;
        if (lo == hi) return lo;
        int mid = (lo + hi) >>> 1;
        int left = first(2 * node, lo, mid, from, need);
        return left >= 0 ? left : first(2 * node + 1, mid + 1, hi, from, need);
    }

    private void grow(int pos) {
        int w = width;
        while (w <= pos) w *= 2;
        long[] t = new long[2 * w];
        Arrays.fill(t, -1);
        System.arraycopy(tree, width, t, w, width);
        tree = t;
        width = w;
        for (int k = w - 1; k >= 1; k--) tree[k] = Math.max(tree[2 * k], tree[2 * k + 1]);
    }
}
