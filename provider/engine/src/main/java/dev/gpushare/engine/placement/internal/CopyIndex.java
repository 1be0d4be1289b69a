package dev.gpushare.engine.placement.internal;

import dev.gpushare.engine.state.TaskId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Task id → position in a pool's copy list. Copies come in runs {@code GROUP/0 … GROUP/n-1} (see
 * {@link Copies}), so the index holds one entry per group (a service or component), not one per
 * copy: looking up the 100,000 ids of a large fleet then touches a table of thousands of names
 * instead of hashing into one of a hundred thousand. When the list is not made of such runs (a
 * group twice), it falls back to a map of every id.
 */
final class CopyIndex {
    private final String[] groups;
    private final int[] start;
    private final int[] count;
    private final int mask;
    private final Map<TaskId, Integer> plain;

    private CopyIndex(String[] groups, int[] start, int[] count, Map<TaskId, Integer> plain) {
        this.groups = groups;
        this.start = start;
        this.count = count;
        this.mask = groups.length - 1;
        this.plain = plain;
    }

    static CopyIndex of(List<CopyRequest> copies) {
        int runs = 0;
        for (int i = 0; i < copies.size(); i++) if (i == 0 || !copies.get(i).group().equals(copies.get(i - 1).group())) runs++;
        int size = Integer.highestOneBit(Math.max(2, runs * 2 - 1)) << 1;
        String[] groups = new String[size];
        int[] start = new int[size];
        int[] count = new int[size];
        int slot = -1;
        for (int i = 0; i < copies.size(); i++) {
            CopyRequest c = copies.get(i);
            if (slot >= 0 && c.group().equals(groups[slot]) && c.ordinal() == count[slot]) {
                count[slot]++;
                continue;
            }
            slot = c.ordinal() == 0 ? free(groups, c.group(), size - 1) : -1;
            if (slot < 0) return plain(copies); // not runs of GROUP/0..n-1
            groups[slot] = c.group();
            start[slot] = i;
            count[slot] = 1;
        }
        return new CopyIndex(groups, start, count, null);
    }

    /** The free slot for a new group, or -1 when the group is there already. */
    private static int free(String[] groups, String group, int mask) {
        int p = spread(group.hashCode()) & mask;
        while (groups[p] != null) {
            if (groups[p].equals(group)) return -1;
            p = (p + 1) & mask;
        }
        return p;
    }

    private static CopyIndex plain(List<CopyRequest> copies) {
        Map<TaskId, Integer> map = HashMap.newHashMap(copies.size());
        for (int i = 0; i < copies.size(); i++) map.put(copies.get(i).task(), i);
        return new CopyIndex(new String[1], new int[1], new int[1], map);
    }

    /** The position of the copy with that task id, or -1 when the pool has none. */
    int indexOf(TaskId task) {
        if (plain != null) {
            Integer i = plain.get(task);
            return i == null ? -1 : i;
        }
        int n = task.ordinal();
        if (n < 0) return -1;
        String group = task.group();
        int p = spread(group.hashCode()) & mask;
        while (groups[p] != null) {
            if (groups[p].equals(group)) return n < count[p] ? start[p] + n : -1;
            p = (p + 1) & mask;
        }
        return -1;
    }

    private static int spread(int h) {
        return h ^ (h >>> 16);
    }
}
