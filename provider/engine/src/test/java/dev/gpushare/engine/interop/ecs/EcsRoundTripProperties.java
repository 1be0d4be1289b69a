package dev.gpushare.engine.interop.ecs;

import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** For any task definition ECS accepts, import(export(td)) == td. */
class EcsRoundTripProperties {

    @Property
    void exportThenImportIsTheIdentity(@ForAll("ecsTaskDefinitions") TaskDefinition td) {
        Spec spec = new Spec(Spec.API_VERSION, "c", List.of(), List.of(td), List.of(), List.of(), List.of(), List.of());
        var docs = EcsTaskDefinitionExporter.export(spec).documents();
        ImportResult back = EcsTaskDefinitionImporter.read("td.json", CloudJson.write(docs.get(0).body()));
        assertThat(back.problems()).isEmpty();
        assertThat(back.fragment().taskDefinitions()).containsExactly(td);
    }

    /**
     * Task definitions within ECS's rules: GPU containers all whole/ALL or all MPS, or a single
     * fractional one; containers without GPU anywhere; memory always set (ECS needs it).
     */
    @Provide
    Arbitrary<TaskDefinition> ecsTaskDefinitions() {
        Arbitrary<String> names = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
        Arbitrary<GpuRequirement> whole = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 8).map(GpuRequirement.Whole::new),
                Arbitraries.just(new GpuRequirement.All()));
        Arbitrary<GpuRequirement> mps = Combinators.combine(
                Arbitraries.integers().between(1, 80_000),
                Arbitraries.integers().between(1, 100).injectNull(0.3))
                .as(GpuRequirement.NvidiaMps::new);
        Arbitrary<GpuRequirement> fraction = Arbitraries.of("0.125", "0.25", "0.5")
                .map(v -> new GpuRequirement.Fraction(new BigDecimal(v)));
        Arbitrary<List<Container>> containers = Arbitraries.of("whole", "mps", "fraction", "none").flatMap(f -> switch (f) {
            case "whole" -> containers(whole);
            case "mps" -> containers(mps);
            // A fractional container is the task's only GPU container; others may sit next to it.
            case "fraction" -> Combinators.combine(fraction, Arbitraries.integers().between(0, 2)).as((fr, others) -> {
                List<Container> list = new ArrayList<>(List.of(new Container("gpu", "img/gpu", fr)));
                for (int i = 0; i < others; i++) list.add(new Container("side" + i, "img/side", null));
                return list;
            });
            default -> containers(Arbitraries.<GpuRequirement>just(null));
        });
        return Combinators.combine(names, Arbitraries.integers().between(128, 65_536).injectNull(0.3),
                        Arbitraries.integers().between(128, 262_144), containers)
                .as(TaskDefinition::new);
    }

    /** One to four containers, each with a requirement of one form or none. */
    private static Arbitrary<List<Container>> containers(Arbitrary<GpuRequirement> gpu) {
        return gpu.injectNull(0.3).list().ofMinSize(1).ofMaxSize(4).map(gpus -> {
            List<Container> list = new ArrayList<>();
            for (int i = 0; i < gpus.size(); i++) list.add(new Container("c" + i, "img/c" + i, gpus.get(i)));
            return list;
        });
    }
}
