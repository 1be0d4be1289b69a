package dev.gpushare.engine.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.cost.FleetReport;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.state.Allocation;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.Gpu;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.engine.state.Revision;
import dev.gpushare.engine.state.RolloutRecord;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The state document written value by value ({@code FleetReport.json}, {@code StateJsonStream}:
 * what {@code status --format json} and {@code place --format json} print) is, character for
 * character, the printed tree of the same document ({@code FleetReport.tree}: the same writer's
 * tokens replayed into a tree, so the replay loses nothing — number types, nulls, escapes), on placed states of
 * every sharing form (MPS, whole GPUs, MIG, fractions, endpoints, unplaced copies), edited the ways a
 * stored state differs from a placed one: an unhealthy instance with its reason, a hand-edited
 * environment (text that needs escaping, a null value), a revision left unknown, a fraction written
 * with trailing zeros, and rollout records after the summary.
 */
class StateJsonStreamProperties {
    @Provide
    Arbitrary<Spec> specs() {
        return new PlacementProperties().specs();
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12), Arbitraries.of("\"quoted\"", "a\\b", "tab\there", "é ü 漢字 😀",
                "line\nbreak", "\u0001ctl", "</script>"));
    }

    @Property(tries = 120)
    void streamedIsThePrintedTree(@ForAll("specs") Spec spec, @ForAll @IntRange(min = 0, max = 1_000) int pick,
                                  @ForAll("texts") String text, @ForAll boolean edit, @ForAll @IntRange(min = 0, max = 3) int rollouts) {
        FleetState placed = Specs.place(spec);
        FleetState state = edit ? edited(placed, pick, text) : placed;
        FleetUsage usage = FleetUsage.of(state, Specs.catalog(spec));
        List<RolloutRecord> records = new ArrayList<>();
        RolloutRecord.Phase[] phases = RolloutRecord.Phase.values();
        for (int r = 0; r < rollouts; r++) {
            records.add(new RolloutRecord("svc-" + r + text, List.of("rev-a", text), "rev-b", r, rollouts, phases[(pick + r) % phases.length],
                    r % 2 == 0 ? null : text));
        }
        String tree = Json.print(FleetReport.tree(state, usage, records));
        assertThat(FleetReport.json(state, usage, records)).isEqualTo(tree);
        if (records.isEmpty()) assertThat(FleetReport.json(state, usage)).isEqualTo(tree);
    }

    /** {@code state} with one instance made unhealthy, one allocation's environment and revision edited, one fraction respelled. */
    private static FleetState edited(FleetState state, int pick, String text) {
        if (state.instances().isEmpty()) return state;
        List<Instance> instances = new ArrayList<>(state.instances());
        int at = pick % instances.size();
        Instance i = instances.get(at);
        List<Gpu> gpus = new ArrayList<>();
        boolean changed = false;
        for (Gpu g : i.gpus()) {
            List<Allocation> as = new ArrayList<>(g.allocations());
            if (!changed && !as.isEmpty()) {
                Allocation a = as.get(pick % as.size());
                Map<String, String> env = new LinkedHashMap<>(a.env());
                env.put("EDITED_" + (pick % 7), text);
                env.put("NULL_VALUE", null);
                as.set(pick % as.size(), new Allocation(a.task(), a.container(), a.memoryMiB(), a.maxComputePercent(), a.partition(),
                        env, pick % 2 == 0 ? null : Revision.parse("rev-" + pick)));
                changed = true;
            }
            BigDecimal fraction = g.fraction() == null || g.fraction().scale() <= 0 ? g.fraction() : new BigDecimal(g.fraction().toPlainString() + "00");
            gpus.add(new Gpu(g.index(), g.model(), g.memoryMiB(), g.mode(), fraction, g.partitions(), as));
        }
        instances.set(at, new Instance(i.id(), i.owner(), i.instanceType(), false, text, gpus));
        return new FleetState(state.cluster(), instances, state.unplaced());
    }
}
