package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.Endpoint;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.InstanceTypeDef;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.Spec;
import dev.gpushare.model.TaskDefinition;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Writing a spec and reading it back gives the same spec, in YAML and in JSON. Specs here need
 * not be valid (the round trip is about syntax): texts include YAML's traps (numbers, booleans,
 * "null", "~", ": ", "#", quotes, line breaks, non-ASCII), numbers span the int range.
 */
class SpecRoundTripProperties {

    @Property(tries = 300)
    void yamlRoundTrip(@ForAll("specs") Spec spec) {
        String yaml = SpecWriter.toYaml(spec);
        ParsedFile parsed = SpecReader.parse("spec.yaml", yaml);
        assertThat(parsed.problems()).as(yaml).isEmpty();
        ReadResult read = SpecReader.bind(List.of(parsed));
        assertThat(read.spec()).as(yaml).isEqualTo(spec);
    }

    @Property(tries = 300)
    void jsonRoundTrip(@ForAll("specs") Spec spec) {
        String json = SpecWriter.toJson(spec);
        ParsedFile parsed = SpecReader.parse("spec.json", json);
        assertThat(parsed.problems()).as(json).isEmpty();
        assertThat(SpecReader.bind(List.of(parsed)).spec()).as(json).isEqualTo(spec);
    }

    /** A document this program wrote reads back without locations to the very tree and spec {@code parse} gives. */
    @Property(tries = 300)
    void writtenJsonParsesAsTheFullParse(@ForAll("specs") Spec spec) {
        String json = SpecWriter.toJson(spec);
        ParsedFile full = SpecReader.parse("spec.json", json);
        ParsedFile written = SpecReader.parseWritten("spec.json", json);
        assertThat(written.problems()).as(json).isEmpty();
        assertThat(written.tree()).as(json).isEqualTo(full.tree());
        assertThat(written.locations().size()).as("no locations kept").isZero();
        assertThat(SpecReader.bind(List.of(written)).spec()).as(json).isEqualTo(spec);
    }

    @Provide
    Arbitrary<Spec> specs() {
        return Combinators.combine(
                        texts(), texts(),
                        capacityProviders().list().ofMaxSize(3),
                        taskDefinitions().list().ofMaxSize(3),
                        services().list().ofMaxSize(3),
                        endpoints().list().ofMaxSize(3),
                        inferenceComponents().list().ofMaxSize(3),
                        instanceTypes().list().ofMaxSize(2))
                .as(Spec::new);
    }

    private static Arbitrary<String> texts() {
        Arbitrary<String> tricky = Arbitraries.of(
                "true", "false", "yes", "No", "on", "null", "~", "", " ", "123", "-1", "0.5", "1e3", "0x1F", ".inf",
                "- a", "a: b", "#x", "x #y", "'q'", "\"d\"", "{a}", "[1]", "&a", "*a", "!t", "|", ">", "%", "@", "`",
                "line\nbreak", "tab\tx", "trailing ", "ünïcødé ≥ 中", "mig-3g.40gb", "gpushare.dev/v1");
        Arbitrary<String> random = Arbitraries.strings()
                .withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9')
                .withChars(" -_.:/#'\"{}[],&*!|>%@`~\n\té≥中")
                .ofMinLength(0).ofMaxLength(12);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, tricky), net.jqwik.api.Tuple.of(3, random));
    }

    private static Arbitrary<Integer> ints() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-5, 100), Arbitraries.integers());
    }

    private static Arbitrary<Integer> optInts() {
        return ints().injectNull(0.3);
    }

    private static Arbitrary<List<String>> layouts() {
        return texts().list().ofMaxSize(7);
    }

    private static Arbitrary<GpuSharing> gpuSharing() {
        return Arbitraries.oneOf(
                optInts().map(GpuSharing.Mps::new),
                Arbitraries.just(new GpuSharing.Exclusive()),
                layouts().map(GpuSharing.Mig::new),
                ints().map(GpuSharing.TimeSlicing::new));
    }

    private static Arbitrary<CapacityProvider> capacityProviders() {
        return Combinators.combine(texts(), texts(), ints(), ints(), gpuSharing().injectNull(0.3))
                .as(CapacityProvider::new);
    }

    private static Arbitrary<GpuRequirement> gpu() {
        // Fractions are never integral: an integral number reads back as whole GPUs by design.
        Arbitrary<BigDecimal> fractions = Arbitraries.bigDecimals()
                .between(new BigDecimal("-1000"), new BigDecimal("1000")).ofScale(7)
                .filter(d -> d.stripTrailingZeros().scale() > 0);
        return Arbitraries.oneOf(
                ints().map(GpuRequirement.Whole::new),
                Arbitraries.just(new GpuRequirement.All()),
                Arbitraries.oneOf(Arbitraries.of(new BigDecimal("0.125"), new BigDecimal("0.25"), new BigDecimal("0.5")),
                        fractions).map(GpuRequirement.Fraction::new),
                Combinators.combine(ints(), optInts()).as(GpuRequirement.NvidiaMps::new),
                texts().map(GpuRequirement.Partition::new));
    }

    private static Arbitrary<TaskDefinition> taskDefinitions() {
        // what a container runs: lists of tricky texts, name/value pairs, a health check with or without its numbers
        Arbitrary<java.util.List<String>> words = texts().list().ofMinSize(1).ofMaxSize(3);
        Arbitrary<java.util.List<dev.gpushare.model.EnvironmentVariable>> env = Combinators.combine(texts(), texts())
                .as(dev.gpushare.model.EnvironmentVariable::new).list().ofMaxSize(3);
        Arbitrary<dev.gpushare.model.HealthCheck> checks = Combinators.combine(words, optInts(), optInts(), optInts(), optInts())
                .as(dev.gpushare.model.HealthCheck::new);
        Arbitrary<Container> containers = Combinators.combine(texts(), texts(), gpu().injectNull(0.3), words.injectNull(0.5),
                words.injectNull(0.5), env.injectNull(0.5), checks.injectNull(0.5)).as(Container::new);
        return Combinators.combine(texts(), optInts(), optInts(), containers.list().ofMaxSize(3))
                .as(TaskDefinition::new);
    }

    private static Arbitrary<Service> services() {
        return Combinators.combine(texts(), texts(), texts(), ints(), Arbitraries.of(PlacementStrategy.class))
                .as(Service::new);
    }

    private static Arbitrary<Endpoint> endpoints() {
        return Combinators.combine(texts(), texts(), ints(), layouts().injectNull(0.4)).as(Endpoint::new);
    }

    private static Arbitrary<InferenceComponent> inferenceComponents() {
        return Combinators.combine(texts(), texts(), texts(), texts().injectNull(0.3), ints(), optInts(), optInts())
                .as(InferenceComponent::new);
    }

    private static Arbitrary<InstanceTypeDef> instanceTypes() {
        return Combinators.combine(texts(), texts(), ints(), ints(), Arbitraries.longs()).as(InstanceTypeDef::new);
    }
}
