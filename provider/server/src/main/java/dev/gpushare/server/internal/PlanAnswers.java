package dev.gpushare.server.internal;

import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.StateJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plan's answer as bytes, with its {@code desired} state — the whole fleet, nearly all of the
 * answer — written once per state: per cluster the last desired state and its JSON are kept, and a
 * plan whose desired state equals it (every plan of an unchanged cluster with an unchanged spec)
 * reuses those bytes. The rest of the document is {@link PlanJson#toTree}'s, so the answer is
 * byte for byte {@code Reply.json(200, PlanJson.toTree(plan))}: the state's place in it holds a
 * marker while the rest is written, and the state's bytes replace the marker (compact JSON of an
 * object is its members' compact JSON in order).
 *
 * <p>States are records (equal states print equally). The state kept is the cluster's state as the plan read it
 * when the two are equal (an unchanged cluster's plan is empty: its desired state is the state it read), so that
 * the plan's answers hold no second copy of a state the store's snapshot holds already; the copy would stay
 * young in the heap beside the snapshot and be copied by every young collection until both are tenured. At most {@value #BUDGET_MIB} MiB of state
 * JSON is kept, least recently used clusters dropped first; a state larger than that is never kept.
 */
final class PlanAnswers {
    static final int BUDGET_MIB = 64;
    /** A string no plan can hold: a quoted NUL is written escaped, so the raw marker never occurs otherwise. */
    private static final String MARKER = "\u0000desired-" + UUID.randomUUID();
    private static final byte[] QUOTED_MARKER = ServiceWire.MAPPER.writeValueAsBytes(MARKER);

    private record Rendered(FleetState state, byte[] json) {}

    private final long budget;
    private long held;
    private final LinkedHashMap<String, Rendered> kept = new LinkedHashMap<>(16, 0.75f, true);

    PlanAnswers() {
        this((long) BUDGET_MIB << 20);
    }

    PlanAnswers(long budgetBytes) {
        this.budget = budgetBytes;
    }

    /**
     * The plan's answer body, as {@code Reply.json(200, PlanJson.toTree(plan))} writes it; {@code read}: the
     * cluster's state the plan was made from, null when the state's JSON is not to be kept.
     */
    byte[] json(Plan plan, FleetState read) {
        byte[] state = read != null ? state(plan.cluster(), plan.desired(), read)
                : ServiceWire.MAPPER.writeValueAsBytes(StateJson.toTree(plan.desired()));
        ObjectNode tree = PlanJson.toTree(new Plan(plan.cluster(), plan.revision(), plan.actions(),
                new FleetState(plan.desired().cluster(), java.util.List.of(), java.util.List.of()), plan.specHash(), plan.spec(),
                plan.waves(), plan.rollouts()));
        tree.put("desired", MARKER); // same key, same place
        byte[] rest = ServiceWire.MAPPER.writeValueAsBytes(tree);
        int at = indexOf(rest, QUOTED_MARKER);
        int tail = rest.length - at - QUOTED_MARKER.length;
        byte[] out = new byte[at + state.length + tail];
        System.arraycopy(rest, 0, out, 0, at);
        System.arraycopy(state, 0, out, at, state.length);
        System.arraycopy(rest, at + QUOTED_MARKER.length, out, at + state.length, tail);
        return out;
    }

    /**
     * The state's JSON: the kept bytes when the cluster's last state equals it. What is kept for the cluster is
     * {@code read} (the state the plan read) when it equals {@code state}, else {@code state}.
     */
    byte[] state(String cluster, FleetState state, FleetState read) {
        synchronized (this) {
            Rendered r = kept.get(cluster);
            if (r != null && (r.state() == state || r.state().equals(state))) {
                // the same state read anew (another snapshot of an unchanged cluster): the kept one gives way to it
                if (r.state() != read && read.equals(state)) kept.put(cluster, new Rendered(read, r.json()));
                return r.json();
            }
        }
        byte[] json = ServiceWire.MAPPER.writeValueAsBytes(StateJson.toTree(state));
        FleetState keep = read.equals(state) ? read : state;
        synchronized (this) {
            Rendered before = kept.remove(cluster);
            if (before != null) held -= before.json().length;
            if (json.length <= budget) {
                kept.put(cluster, new Rendered(keep, json));
                held += json.length;
                for (var it = kept.entrySet().iterator(); held > budget && it.hasNext(); ) {
                    Map.Entry<String, Rendered> eldest = it.next();
                    held -= eldest.getValue().json().length;
                    it.remove();
                }
            }
        }
        return json;
    }

    synchronized void forget(String cluster) {
        Rendered r = kept.remove(cluster);
        if (r != null) held -= r.json().length;
    }

    /** The state kept for {@code cluster}, or null. */
    synchronized FleetState keptState(String cluster) {
        Rendered r = kept.get(cluster);
        return r == null ? null : r.state();
    }

    synchronized int size() {
        return kept.size();
    }

    synchronized long heldBytes() {
        return held;
    }

    private static int indexOf(byte[] in, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= in.length; i++) {
            for (int j = 0; j < what.length; j++) if (in[i + j] != what[j]) continue outer;
            return i;
        }
        throw new IllegalStateException("the plan's JSON lost its desired state's place: " + new String(
                Arrays.copyOf(in, Math.min(in.length, 200)), StandardCharsets.UTF_8));
    }
}
