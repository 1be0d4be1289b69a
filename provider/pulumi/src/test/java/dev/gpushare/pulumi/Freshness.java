package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.StateJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * The output-freshness rule checked from outside: every resource's placement outputs, as the
 * stack recorded them, against the cluster's status document ({@code gpushare status --format
 * json}, CONTRACT.md §2). Both sides are written out independently of the provider's own code, as
 * one line per container of a copy and per instance, and compared as sorted lists.
 */
public final class Freshness {
    private Freshness() {}

    /** A resource as the stack holds it: its type token and recorded outputs. */
    public record Recorded(String type, JsonNode outputs) {}

    /** Asserts that every resource's placement outputs equal {@code status}; names what differs. */
    public static void assertFresh(List<Recorded> resources, JsonNode status) {
        int checked = 0;
        for (Recorded r : resources) {
            String name = r.outputs().path("name").asString(r.outputs().path("family").asString(""));
            switch (r.type()) {
                case "gpushare:index:Service", "gpushare:index:InferenceComponent" -> {
                    assertThat(copies(r.outputs())).as("%s %s: copies against status", r.type(), name)
                            .isEqualTo(copies(status, name));
                    assertThat(r.outputs().get("unplaced")).as("%s %s: unplaced", r.type(), name).isEmpty();
                    checked++;
                }
                case "gpushare:index:Endpoint" -> {
                    assertThat(instances(r.outputs().get("instances"))).as("Endpoint %s: instances against status", name)
                            .isEqualTo(instances(status, "endpoint", name));
                    assertThat(r.outputs().get("costPerHour").decimalValue()).as("Endpoint %s: costPerHour against status", name)
                            .isEqualByComparingTo(costPerHour(status, "endpoint", name));
                    checked++;
                }
                case "gpushare:index:CapacityProvider" ->
                        // a pool has no placement outputs: what its services decide is read with getCapacityProvider
                        assertThat(r.outputs().has("instances")).as("CapacityProvider %s has no placement outputs", name).isFalse();
                default -> { }
            }
        }
        assertThat(checked).as("resources with placement outputs").isPositive();
    }

    /** What {@code gpushare:index:getCapacityProvider} returned for pool {@code name}, against status. */
    public static void assertPoolFresh(JsonNode pool, JsonNode status, String name) {
        List<String> expected = instances(status, "capacityProvider", name);
        assertThat(instances(pool.get("instances"))).as("getCapacityProvider %s: instances", name).isEqualTo(expected);
        assertThat(pool.get("instanceCount").asInt()).as("getCapacityProvider %s: instanceCount", name).isEqualTo(expected.size());
        assertThat(pool.get("costPerHour").decimalValue()).as("getCapacityProvider %s: costPerHour", name)
                .isEqualByComparingTo(costPerHour(status, "capacityProvider", name));
    }

    /**
     * What the instances owned by {@code ownerField} = {@code name} in the status document cost per
     * hour: each one's catalog On-Demand price, added up here rather than by engine.cost. The output
     * travels as a double; its shortest decimal form (what decimalValue reads) is the exact sum,
     * which has a few significant digits.
     */
    static java.math.BigDecimal costPerHour(JsonNode status, String ownerField, String name) {
        java.math.BigDecimal sum = java.math.BigDecimal.ZERO;
        for (JsonNode i : status.path("instances")) {
            if (!name.equals(i.path(ownerField).asString(null))) continue;
            String type = i.get("instanceType").asString();
            sum = sum.add(Catalog.builtIn().price(type).orElseThrow(() -> new AssertionError("no catalog price for " + type)).perHour());
        }
        return sum;
    }

    /** {@link #assertFresh} for the in-process driver's stack against the backend's status. */
    static void assertOutputsMatchTheBackend(EngineDriver engine, String backendUrl) {
        List<Recorded> resources = new ArrayList<>();
        for (EngineDriver.Stored s : engine.state.values()) {
            resources.add(new Recorded(s.res().token(), LifecycleAssertions.json(s.outputs())));
        }
        try (Backend b = Backends.open(backendUrl)) {
            assertFresh(resources, StateJson.toTree(b.read(Demo.CLUSTER).state()));
        }
    }

    /** One line per container of a copy of service or component {@code name}, from the status document. */
    static List<String> copies(JsonNode status, String name) {
        List<String> out = new ArrayList<>();
        for (JsonNode i : status.path("instances")) {
            for (JsonNode g : i.path("gpus")) {
                for (JsonNode a : g.path("allocations")) {
                    if (!a.get("task").asString().startsWith(name + "/")) continue;
                    JsonNode p = a.get("partition");
                    out.add(line(a.get("task").asString(), i.get("id").asString(), a.get("revision"), g.get("index").asInt(), a.get("container").asString(),
                            a.get("memoryMiB"), a.get("maxComputePercent"),
                            p == null || p.isNull() ? null : p.get("profile").asString() + "@" + p.get("start").asInt(), a.get("env")));
                }
            }
        }
        return sorted(out);
    }

    /** The same lines from a resource's {@code copies} output. */
    static List<String> copies(JsonNode outputs) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : outputs.path("copies")) {
            for (JsonNode k : c.path("containers")) {
                out.add(line(c.get("copy").asString(), c.get("instanceId").asString(), c.get("revision"), k.get("gpu").asInt(), k.get("container").asString(),
                        k.get("memoryMiB"), k.get("maxComputePercent"), k.has("partition") ? k.get("partition").asString() : null, k.get("env")));
            }
        }
        return sorted(out);
    }

    /** One line per instance owned by {@code ownerField} = {@code name}, from the status document. */
    static List<String> instances(JsonNode status, String ownerField, String name) {
        List<String> out = new ArrayList<>();
        for (JsonNode i : status.path("instances")) {
            if (!name.equals(i.path(ownerField).asString(null))) continue;
            StringBuilder gpus = new StringBuilder();
            for (JsonNode g : i.path("gpus")) {
                List<String> parts = new ArrayList<>();
                for (JsonNode p : g.path("partitions")) parts.add(p.get("profile").asString() + "@" + p.get("start").asInt());
                gpus.append(" [").append(g.get("index").asInt()).append(' ').append(g.get("model").asString()).append(' ')
                        .append(g.get("memoryMiB").asLong()).append(' ').append(parts).append(']');
            }
            out.add(i.get("id").asString() + " " + i.get("instanceType").asString() + " healthy=" + i.get("healthy").asBoolean() + gpus);
        }
        return sorted(out);
    }

    /** The same lines from an {@code instances} output. */
    static List<String> instances(JsonNode instances) {
        List<String> out = new ArrayList<>();
        for (JsonNode i : instances) {
            StringBuilder gpus = new StringBuilder();
            for (JsonNode g : i.path("gpus")) {
                List<String> parts = new ArrayList<>();
                for (JsonNode p : g.path("partitions")) parts.add(p.asString());
                gpus.append(" [").append(g.get("index").asInt()).append(' ').append(g.get("model").asString()).append(' ')
                        .append(g.get("memoryMiB").asLong()).append(' ').append(parts).append(']');
            }
            out.add(i.get("id").asString() + " " + i.get("instanceType").asString() + " healthy=" + i.get("healthy").asBoolean() + gpus);
        }
        return sorted(out);
    }

    private static String line(String copy, String instance, JsonNode revision, int gpu, String container, JsonNode memory,
                               JsonNode percent, String partition, JsonNode env) {
        Map<String, String> e = new TreeMap<>();
        if (env != null) env.properties().forEach(p -> e.put(p.getKey(), p.getValue().asString()));
        return copy + " on " + instance + " revision=" + (revision == null || revision.isNull() ? "-" : revision.asString())
                + " gpu " + gpu + " " + container
                + " memoryMiB=" + (memory == null || memory.isNull() ? "-" : memory.asLong())
                + " maxComputePercent=" + (percent == null || percent.isNull() ? "-" : percent.asInt())
                + " partition=" + (partition == null ? "-" : partition) + " env=" + e;
    }

    private static List<String> sorted(List<String> lines) {
        List<String> out = new ArrayList<>(lines);
        out.sort(null);
        return out;
    }
}
