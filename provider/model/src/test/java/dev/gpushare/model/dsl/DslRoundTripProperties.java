package dev.gpushare.model.dsl;

import static dev.gpushare.model.dsl.Units.gib;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.io.SpecWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Random DSL programs give specs that survive the document form unchanged: DSL → Spec →
 * {@link SpecWriter} → {@link SpecReader#parse} + {@link SpecReader#bind} → the same Spec. So the
 * DSL makes nothing the document cannot say, and says it the way the reader does.
 *
 * <p>A program is a list of {@link Step}s, each one DSL call; steps that refer to something pick
 * one of the handles declared before them (and are skipped when there is none). Values stay in
 * the schema's ranges, since the reader binds only schema-valid documents.
 */
class DslRoundTripProperties {

    @Property(tries = 300)
    void jsonRoundTripGivesTheSameSpec(@ForAll("programs") Program program) {
        Spec spec = program.run();

        ParsedFile parsed = SpecReader.parse("spec.json", SpecWriter.toJson(spec));
        assertThat(parsed.problems()).isEmpty();
        ReadResult read = SpecReader.bind(List.of(parsed));

        assertThat(read.problems()).isEmpty();
        assertThat(read.spec()).isEqualTo(spec);
        // the steps that refer to handles must often find one, or the property tests little
        Statistics.label("has services").collect(!spec.services().isEmpty());
        Statistics.label("has inference components").collect(!spec.inferenceComponents().isEmpty());
        Statistics.label("has services").coverage(c -> c.check(true).percentage(p -> p >= 30));
        Statistics.label("has inference components").coverage(c -> c.check(true).percentage(p -> p >= 30));
    }

    @Property(tries = 100)
    void yamlRoundTripGivesTheSameSpec(@ForAll("programs") Program program) {
        Spec spec = program.run();

        ParsedFile parsed = SpecReader.parse("spec.yaml", SpecWriter.toYaml(spec));
        assertThat(parsed.problems()).isEmpty();
        ReadResult read = SpecReader.bind(List.of(parsed));

        assertThat(read.problems()).isEmpty();
        assertThat(read.spec()).isEqualTo(spec);
    }

    // ---- the programs -------------------------------------------------------------------------

    /** A cluster name and the DSL calls made on it, in order. */
    record Program(String cluster, List<Step> steps) {
        Spec run() {
            Scope scope = new Scope(GpuShare.cluster(cluster));
            for (Step step : steps) {
                step.run(scope);
            }
            return scope.cluster.build();
        }
    }

    /** The builder and the handles declared so far; names get a counter so they are unique. */
    static final class Scope {
        final ClusterBuilder cluster;
        final List<InstanceTypeRef> instanceTypes = new ArrayList<>();
        final List<CapacityProviderRef> capacityProviders = new ArrayList<>();
        final List<TaskDefinitionRef> taskDefinitions = new ArrayList<>();
        final List<EndpointRef> endpoints = new ArrayList<>();
        private int names;

        Scope(ClusterBuilder cluster) {
            this.cluster = cluster;
        }

        String unique(String base) {
            return base + "-" + names++;
        }

        static <T> T pick(List<T> handles, int index) {
            return handles.get(Math.floorMod(index, handles.size()));
        }
    }

    /** One DSL call. */
    sealed interface Step {
        void run(Scope s);
    }

    record DeclareInstanceType(String gpuModel, int gpuCount, int vcpus, int memoryGib) implements Step {
        public void run(Scope s) {
            s.instanceTypes.add(s.cluster.instanceType(s.unique("it"), gpuModel, gpuCount, vcpus, gib(memoryGib)));
        }
    }

    /** {@code declaredType} null: a catalog type; min and sharing null: the overload without options. */
    record DeclareCapacityProvider(String catalogType, Integer declaredType, int maxInstances, Integer minInstances,
                                   Sharing sharing) implements Step {
        public void run(Scope s) {
            String name = s.unique("cp");
            boolean plain = minInstances == null && sharing == null;
            UnaryOperator<CapacityProviderOptions> options = o -> {
                CapacityProviderOptions r = minInstances == null ? o : o.minInstances(minInstances);
                return sharing == null ? r : r.sharing(sharing);
            };
            CapacityProviderRef ref;
            if (declaredType == null || s.instanceTypes.isEmpty()) {
                ref = plain ? s.cluster.capacityProvider(name, catalogType, maxInstances)
                        : s.cluster.capacityProvider(name, catalogType, maxInstances, options);
            } else {
                InstanceTypeRef type = Scope.pick(s.instanceTypes, declaredType);
                ref = plain ? s.cluster.capacityProvider(name, type, maxInstances)
                        : s.cluster.capacityProvider(name, type, maxInstances, options);
            }
            s.capacityProviders.add(ref);
        }
    }

    record DeclareTaskDefinition(CpuUnits cpu, Mib memory, List<ContainerDef> containers) implements Step {
        public void run(Scope s) {
            String family = s.unique("td");
            ContainerDef first = containers.getFirst();
            ContainerDef[] more = containers.subList(1, containers.size()).toArray(ContainerDef[]::new);
            TaskDefinitionRef ref = cpu == null && memory == null
                    ? s.cluster.taskDefinition(family, first, more)
                    : s.cluster.taskDefinition(family, o -> {
                        TaskDefinitionOptions r = cpu == null ? o : o.cpu(cpu);
                        return memory == null ? r : r.memory(memory);
                    }, first, more);
            s.taskDefinitions.add(ref);
        }
    }

    /** {@code strategy} null: the overload without it (BINPACK). */
    record DeclareService(int taskDefinition, int capacityProvider, int desiredCount, PlacementStrategy strategy)
            implements Step {
        public void run(Scope s) {
            if (s.taskDefinitions.isEmpty() || s.capacityProviders.isEmpty()) return;
            TaskDefinitionRef td = Scope.pick(s.taskDefinitions, taskDefinition);
            CapacityProviderRef cp = Scope.pick(s.capacityProviders, capacityProvider);
            String name = s.unique("svc");
            if (strategy == null) {
                s.cluster.service(name, td, cp, desiredCount);
            } else {
                s.cluster.service(name, td, cp, desiredCount, strategy);
            }
        }
    }

    /** {@code layout} null: whole GPUs, through the overload without options. */
    record DeclareEndpoint(String catalogType, Integer declaredType, int instanceCount, List<String> layout)
            implements Step {
        public void run(Scope s) {
            String name = s.unique("ep");
            UnaryOperator<EndpointOptions> options = o -> o.partitionLayout(
                    layout.getFirst(), layout.subList(1, layout.size()).toArray(String[]::new));
            EndpointRef ref;
            if (declaredType == null || s.instanceTypes.isEmpty()) {
                ref = layout == null ? s.cluster.endpoint(name, catalogType, instanceCount)
                        : s.cluster.endpoint(name, catalogType, instanceCount, options);
            } else {
                InstanceTypeRef type = Scope.pick(s.instanceTypes, declaredType);
                ref = layout == null ? s.cluster.endpoint(name, type, instanceCount)
                        : s.cluster.endpoint(name, type, instanceCount, options);
            }
            s.endpoints.add(ref);
        }
    }

    /** All options null: the overload without options. */
    record DeclareInferenceComponent(int endpoint, String model, int copyCount, String partitionType,
                                     Mib hostMemory, Mib gpuMemory) implements Step {
        public void run(Scope s) {
            if (s.endpoints.isEmpty()) return;
            EndpointRef ep = Scope.pick(s.endpoints, endpoint);
            String name = s.unique("ic");
            if (partitionType == null && hostMemory == null && gpuMemory == null) {
                s.cluster.inferenceComponent(name, ep, model, copyCount);
                return;
            }
            s.cluster.inferenceComponent(name, ep, model, copyCount, o -> {
                InferenceComponentOptions r = partitionType == null ? o : o.partitionType(partitionType);
                r = hostMemory == null ? r : r.hostMemory(hostMemory);
                return gpuMemory == null ? r : r.gpuMemory(gpuMemory);
            });
        }
    }

    // ---- generators ---------------------------------------------------------------------------

    @Provide
    Arbitrary<Program> programs() {
        Arbitrary<String> cluster = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(16);
        // Declarations, then references to them, then anything: wholly random lists would seldom
        // declare both a task definition and a capacity provider before a service needs them.
        Arbitrary<List<Step>> declarations = Arbitraries.oneOf(
                instanceTypeSteps(), capacityProviderSteps(), taskDefinitionSteps(), endpointSteps())
                .list().ofMinSize(4).ofMaxSize(12);
        Arbitrary<List<Step>> references = Arbitraries.oneOf(serviceSteps(), inferenceComponentSteps())
                .list().ofMinSize(1).ofMaxSize(8);
        Arbitrary<List<Step>> anything = Arbitraries.oneOf(
                instanceTypeSteps(), capacityProviderSteps(), taskDefinitionSteps(), serviceSteps(),
                endpointSteps(), inferenceComponentSteps()).list().ofMaxSize(8);
        return Combinators.combine(cluster, declarations, references, anything).as((name, first, second, third) -> {
            List<Step> steps = new ArrayList<>(first);
            steps.addAll(second);
            steps.addAll(third);
            return new Program(name, steps);
        });
    }

    private static Arbitrary<Step> instanceTypeSteps() {
        return Combinators.combine(
                Arbitraries.of("L4", "A10G", "A100-40GB", "A100-80GB", "H100-80GB", "H200-141GB"),
                Arbitraries.integers().between(1, 16),
                Arbitraries.integers().between(1, 384),
                Arbitraries.integers().between(1, 4096)).as(DeclareInstanceType::new);
    }

    private static Arbitrary<Step> capacityProviderSteps() {
        return Combinators.combine(
                Arbitraries.of("g6.12xlarge", "g6f.2xlarge", "g5.12xlarge", "p4d.24xlarge", "p5.48xlarge"),
                Arbitraries.integers().between(0, 7).injectNull(0.5),
                Arbitraries.integers().between(1, 100),
                Arbitraries.integers().between(0, 100).injectNull(0.5),
                sharings().injectNull(0.3)).as(DeclareCapacityProvider::new);
    }

    private static Arbitrary<Step> taskDefinitionSteps() {
        Arbitrary<CpuUnits> cpu = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 16).map(CpuUnits::vcpu),
                Arbitraries.integers().between(128, 16_384).map(Units::cpuUnits));
        Arbitrary<Mib> memory = Arbitraries.integers().between(128, 262_144).map(Units::mib);
        return Combinators.combine(cpu.injectNull(0.4), memory.injectNull(0.4), containers().list().ofMinSize(1).ofMaxSize(3)
                        .uniqueElements(c -> c.toModel().name()))
                .as(DeclareTaskDefinition::new);
    }

    private static Arbitrary<Step> serviceSteps() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 500),
                Arbitraries.of(PlacementStrategy.class).injectNull(0.4)).as(DeclareService::new);
    }

    private static Arbitrary<Step> endpointSteps() {
        return Combinators.combine(
                Arbitraries.of("ml.p4d.24xlarge", "ml.p5.48xlarge", "ml.g5.xlarge"),
                Arbitraries.integers().between(0, 7).injectNull(0.5),
                Arbitraries.integers().between(1, 20),
                profileNames().list().ofMinSize(1).ofMaxSize(7).injectNull(0.4)).as(DeclareEndpoint::new);
    }

    private static Arbitrary<Step> inferenceComponentSteps() {
        return Combinators.combine(
                Arbitraries.integers().between(0, 7),
                Arbitraries.of("gpt2", "llama-3-8b", "bge-large", "whisper"),
                Arbitraries.integers().between(1, 50),
                profileNames().injectNull(0.4),
                Arbitraries.integers().between(128, 65_536).map(Units::mib).injectNull(0.5),
                Arbitraries.integers().between(1, 143_360).map(Units::mib).injectNull(0.5))
                .as(DeclareInferenceComponent::new);
    }

    private static Arbitrary<Sharing> sharings() {
        return Arbitraries.oneOf(
                Arbitraries.just(Sharing.mps()),
                Arbitraries.integers().between(1, 48).map(n -> Sharing.mps().maxClientsPerGpu(n)),
                Arbitraries.just(Sharing.exclusive()),
                profileNames().list().ofMinSize(1).ofMaxSize(7).map(l ->
                        Sharing.mig(l.getFirst(), l.subList(1, l.size()).toArray(String[]::new))),
                Arbitraries.integers().between(2, 16).map(Sharing::timeSlicing));
    }

    private static Arbitrary<ContainerDef> containers() {
        Arbitrary<String> names = Arbitraries.of("model", "sidecar", "proxy", "worker");
        Arbitrary<String> images = Arbitraries.of("ghcr.io/acme/embedder:1.4", "busybox", "nvcr.io/nvidia/tritonserver:24.05-py3");
        return Combinators.combine(names, images, gpus().injectNull(0.3)).as((n, i, g) ->
                g == null ? ContainerDef.of(n, i) : GpuShare.container(n, i, g));
    }

    private static Arbitrary<Gpu> gpus() {
        Arbitrary<Mib> gpuMemory = Arbitraries.integers().between(1, 143_360).map(Units::mib);
        return Arbitraries.oneOf(
                Arbitraries.integers().between(1, 8).map(Gpu::whole),
                Arbitraries.just(Gpu.all()),
                Arbitraries.of(Fraction.class).map(Gpu::fraction),
                gpuMemory.map(Gpu::mps),
                Combinators.combine(gpuMemory, Arbitraries.integers().between(1, 100).map(Units::percent)).as(Gpu::mps),
                profileNames().map(Gpu::partition),
                profileNames().map(p -> Gpu.partition(MigProfileName.of(p))));
    }

    private static Arbitrary<String> profileNames() {
        return Arbitraries.of("1g.10gb", "1g.10gb+me", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb",
                "mig-1g.5gb", "mig-3g.20gb", "mig-4g.20gb", "mig-1g.18gb+me", "1g.20gb");
    }
}
