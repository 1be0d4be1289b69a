package dev.gpushare.bench;

import java.util.Arrays;

/** Lower bounds on bins: the volume bound and the Martello–Toth L2 bound. */
final class LowerBounds {
    private LowerBounds() {}

    /** ⌈Σ w / capacity⌉. */
    static long volume(long[] sizes, long capacity) {
        long sum = 0;
        for (long s : sizes) sum += s;
        return (sum + capacity - 1) / capacity;
    }

    /**
     * Martello–Toth L2: for every α in [0, C/2], items larger than C − α each need their own bin
     * (J1); items in (C/2, C − α] each need one too (J2), and items in [α, C/2] (J3) need whatever
     * does not fit in the room J2 leaves: L(α) = |J1| + |J2| + max(0, ⌈(Σ J3 − (|J2|·C − Σ J2)) / C⌉).
     * L2 = max over α; evaluating α at each distinct item size ≤ C/2 (and 0) suffices. O(n log n).
     */
    static long martelloToth(long[] input, long c) {
        long[] w = input.clone();
        Arrays.sort(w);
        int n = w.length;
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + w[i];
        long best = 0;
        int half = upper(w, c / 2); // items ≤ C/2 are w[0 .. half)
        long prev = -1;
        for (int a = -1; a < half; a++) {
            long alpha = a < 0 ? 0 : w[a];
            if (alpha == prev) continue;
            prev = alpha;
            int j3from = lower(w, alpha);
            int j3to = half;                     // [α, C/2]
            int j1from = upper(w, c - alpha);    // > C − α
            int j2from = half;                   // (C/2, C − α]
            long j1 = n - j1from;
            long j2 = j1from - j2from;
            long sumJ2 = prefix[j1from] - prefix[j2from];
            long sumJ3 = prefix[j3to] - prefix[j3from];
            long room = j2 * c - sumJ2;
            long extra = Math.max(0, (sumJ3 - room + c - 1) / c);
            best = Math.max(best, j1 + j2 + extra);
        }
        return Math.max(best, volume(w, c));
    }

    /** First index with w[i] ≥ x. */
    private static int lower(long[] w, long x) {
        int lo = 0, hi = w.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (w[mid] < x) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** First index with w[i] > x. */
    private static int upper(long[] w, long x) {
        int lo = 0, hi = w.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (w[mid] <= x) lo = mid + 1; else hi = mid;
        }
        return lo;
    }
}
