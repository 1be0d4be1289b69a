package dev.gpushare.engine.placement.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The placement nodes' record ({@link StoredNodes}): read back, it gives the nodes a restore works
 * out from the state ({@link Restore}); cut short anywhere or altered, it is not used.
 *
 * <p>The fleet: 23 copies × 4,096 MiB MPS on g6.12xlarge (4 L4 GPUs of 22,888 MiB, 5 such copies
 * each, 20 per instance): 2 instances, the first with 20 copies, the second with 3.
 *
 * <p>The record: magic (4 bytes), pools (4); the pool's kind (1), name length (4) and name ("l4": 2),
 * GPUs, partitions and nodes (4 each), so the first node starts at byte 27; each node is 28 bytes
 * and 25 per GPU (4 GPUs: 128); the index follows the second node, at byte 27 + 2 × 128 = 283.
 */
class StoredNodesTest {
    private final ResolvedSpec spec = ResolvedSpec.of(Specs.mpsService(23, 4096));
    private final Replan placed = Planner.replan(spec, Snapshot.empty("scale"), null);
    private final FleetState state = placed.plan().desired();
    private final byte[] record = placed.memo().storedNodes();

    @Test
    void aRecordReadsBackAsTheRebuiltNodes() {
        assertThat(state.instances()).hasSize(2);
        assertThat(record).isNotNull();
        List<Node> rebuilt = nodes(Restore.memo(spec.spec(), spec.catalog(), state));
        List<Node> stored = nodes(Restore.memo(spec.spec(), spec.catalog(), state, StoredNodes.read(record)));
        assertThat(rebuilt).hasSize(2);
        assertThat(stored).hasSize(2);
        assertThat(rebuilt.get(0).copies).isEqualTo(20);
        assertThat(rebuilt.get(1).copies).isEqualTo(3);
        for (int k = 0; k < 2; k++) assertSameNode(stored.get(k), rebuilt.get(k));
    }

    @Test
    void aRecordCutShortAnywhereIsNotRead() {
        for (int n = 0; n < record.length; n++) {
            assertThat(StoredNodes.read(Arrays.copyOf(record, n))).as("the first %d of %d bytes", n, record.length).isNull();
        }
        assertThat(StoredNodes.read(record)).isNotNull();
    }

    @Test
    void aRecordThatDoesNotFitTheInstancesIsNotUsed() {
        byte[] renumbered = record.clone();
        renumbered[FIRST_NODE + 3]++; // the first node's instance number (its low byte)
        assertThat(StoredNodes.read(renumbered).nodes(pool(), state.instances())).as("another instance number").isNull();
        StoredNodes read = StoredNodes.read(record);
        List<dev.gpushare.engine.state.Instance> one = state.instances().subList(0, 1);
        Pool pool = pool();
        assertThat(read.nodes(pool, one)).as("one instance fewer than recorded").isNull();
        assertThat(read.nodes(pool, state.instances())).hasSize(2);
        assertThat(read.nodes(pool, List.of(state.instances().get(1), state.instances().get(0)))).as("out of order").isNull();
    }

    private static final int FIRST_NODE = 27;
    private static final int INDEX = FIRST_NODE + 2 * (28 + 4 * 25);

    @Test
    void theIndexReadBackIsWhereTheStateHasEachCopy() {
        PoolMemo walked = poolMemo(Restore.memo(spec.spec(), spec.catalog(), state));
        StoredNodes.Index index = StoredNodes.read(record).index(pool().owner(), 2);
        assertThat(index).isNotNull();
        String group = state.instances().getFirst().gpus().getFirst().allocations().getFirst().task().group();
        // copies 0-19 on the first instance (number 0), 20-22 on the second (number 1)
        int[] where = new int[23];
        java.util.Arrays.fill(where, 20, 23, 1);
        assertThat(walked.where).containsOnlyKeys(group);
        assertThat(walked.where.get(group)).containsExactly(where);
        assertThat(index.where()).containsOnlyKeys(group);
        assertThat(index.where().get(group)).containsExactly(where);
        assertThat(index.groupsOn()).hasSize(2);
        for (int k = 0; k < 2; k++) assertThat(index.groupsOn().get(k)).containsExactly(walked.groupsOn.get(k));
        PoolMemo restored = poolMemo(Restore.memo(spec.spec(), spec.catalog(), state, StoredNodes.read(record)));
        assertThat(restored.where.get(group)).containsExactly(where);
        assertThat(restored.numbers).containsExactly(walked.numbers);
        assertThat(restored.ids).containsExactly(walked.ids);
    }

    @Test
    void aRestoreTakesTheIndexAsRecordedWithTheState() {
        // copy 22 recorded on the first instance: a restore that read the allocations would say the second
        byte[] moved = record.clone();
        int copy22 = INDEX + 4 + 4 + group().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 4 + 22 * 4;
        assertThat(moved[copy22 + 3]).isEqualTo((byte) 1);
        moved[copy22 + 3] = 0;
        PoolMemo restored = poolMemo(Restore.memo(spec.spec(), spec.catalog(), state, StoredNodes.read(moved)));
        assertThat(restored.where.get(group())[22]).isZero();
    }

    @Test
    void anIndexOfOtherCopiesIsNotUsed() {
        // the spec asks for 24 copies: the index names 23, so the allocations are read, and one copy is missing
        ResolvedSpec more = ResolvedSpec.of(Specs.mpsService(24, 4096));
        assertThat(poolMemo(Restore.memo(more.spec(), more.catalog(), state, StoredNodes.read(record)))).isNull();
        assertThat(poolMemo(Restore.memo(more.spec(), more.catalog(), state))).isNull();
    }

    @Test
    void aRecordOfTheFirstFormatGivesItsNodesAndNoIndex() {
        byte[] first = Arrays.copyOf(record, INDEX);
        java.nio.ByteBuffer.wrap(first).putInt(0, StoredNodes.MAGIC_WITHOUT_INDEX);
        StoredNodes read = StoredNodes.read(first);
        assertThat(read).isNotNull();
        assertThat(read.index(pool().owner(), 2)).isNull();
        List<Node> stored = nodes(Restore.memo(spec.spec(), spec.catalog(), state, read));
        List<Node> rebuilt = nodes(Restore.memo(spec.spec(), spec.catalog(), state));
        for (int k = 0; k < 2; k++) assertSameNode(stored.get(k), rebuilt.get(k));
        assertThat(StoredNodes.read(Arrays.copyOf(record, INDEX))).as("format 2 without its index").isNull();
    }

    private String group() {
        return state.instances().getFirst().gpus().getFirst().allocations().getFirst().task().group();
    }

    private static PoolMemo poolMemo(Memo memo) {
        List<PoolMemo> out = new java.util.ArrayList<>();
        memo.forEach((owner, pool) -> out.add(pool));
        assertThat(out).hasSize(1);
        return out.getFirst();
    }

    private Pool pool() {
        for (Owners kind : Owners.of(spec.spec(), spec.catalog())) {
            for (Owners.Owned owner : kind.owned()) {
                if (owner.resolution() instanceof Pools.Resolution.Ok ok) return ok.pool();
            }
        }
        throw new AssertionError("no pool");
    }

    private static List<Node> nodes(Memo memo) {
        List<List<Node>> out = new java.util.ArrayList<>();
        memo.forEach((owner, pool) -> out.add(pool.nodes()));
        assertThat(out).hasSize(1);
        return out.getFirst();
    }

    static void assertSameNode(Node a, Node b) {
        assertThat(a.number).isEqualTo(b.number);
        assertThat(a.id).isEqualTo(b.id);
        assertThat(a.closed).isEqualTo(b.closed);
        assertThat(a.cpuFree).isEqualTo(b.cpuFree);
        assertThat(a.memFree).isEqualTo(b.memFree);
        assertThat(a.copies).isEqualTo(b.copies);
        assertThat(a.idleGpus).isEqualTo(b.idleGpus);
        assertThat(a.gpus).hasSameSizeAs(b.gpus);
        for (int g = 0; g < a.gpus.length; g++) {
            GpuSlot x = a.gpus[g], y = b.gpus[g];
            assertThat(x.index).isEqualTo(y.index);
            assertThat(x.mode).isEqualTo(y.mode);
            assertThat(x.memFree).isEqualTo(y.memFree);
            assertThat(x.clients).isEqualTo(y.clients);
            assertThat(x.slotsUsed).isEqualTo(y.slotsUsed);
            assertThat(x.parts).isEqualTo(y.parts);
            assertThat(x.partUsed).isEqualTo(y.partUsed);
            assertThat(x.allocations).containsExactlyInAnyOrderElementsOf(y.allocations);
        }
    }
}
