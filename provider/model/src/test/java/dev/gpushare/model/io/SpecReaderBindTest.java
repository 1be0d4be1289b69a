package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.Container;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.PlacementStrategy;
import dev.gpushare.model.Service;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.Problem.Location;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecReaderBindTest {

    private static final String POOLS = """
            apiVersion: gpushare.dev/v1
            cluster: prod
            capacityProviders:
              - name: l4-shared
                instanceType: g6.12xlarge
              - name: l4-mig
                instanceType: p4d.24xlarge
                minInstances: 1
                maxInstances: 2
                gpuSharing: {strategy: MIG, partitionLayout: [3g.20gb, 4g.20gb]}
            taskDefinitions:
              - family: embedder
                containers:
                  - {name: model, image: img, gpu: {nvidiaMps: {memory: 4096}}}
            services:
              - {name: embedder, taskDefinition: embedder, capacityProvider: l4-shared, desiredCount: 3}
            """;

    private static final String MORE = """
            apiVersion: gpushare.dev/v1
            cluster: prod
            taskDefinitions:
              - family: quarter
                cpu: 2048
                memory: 4096
                containers:
                  - {name: a, image: img, gpu: 0.25}
                  - {name: b, image: img, gpu: ALL}
                  - {name: c, image: img, gpu: 2}
                  - {name: d, image: img, gpu: {partition: mig-1g.5gb}}
                  - {name: e, image: img}
            services:
              - {name: q1, taskDefinition: quarter, capacityProvider: l4-shared, desiredCount: 1, placementStrategy: SPREAD}
              - {name: q2, taskDefinition: quarter, capacityProvider: l4-shared, desiredCount: 0}
            """;

    private static ReadResult bind(ParsedFile... files) {
        return SpecReader.bind(List.of(files));
    }

    @Test
    void twoFilesAreMergedInFileOrderWithDefaults() {
        ReadResult r = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("more.yaml", MORE));
        assertThat(r.problems()).isEmpty();
        var spec = r.spec();
        assertThat(spec.cluster()).isEqualTo("prod");
        assertThat(spec.capacityProviders()).containsExactly(
                // minInstances defaults to 0, maxInstances to no limit; gpuSharing stays null
                // ("the default", resolved with the catalog)
                new CapacityProvider("l4-shared", "g6.12xlarge", 0, SpecReader.NO_INSTANCE_LIMIT, null),
                new CapacityProvider("l4-mig", "p4d.24xlarge", 1, 2, new GpuSharing.Mig(List.of("3g.20gb", "4g.20gb"))));
        assertThat(spec.taskDefinitions()).extracting(t -> t.family()).containsExactly("embedder", "quarter");
        assertThat(spec.services()).containsExactly(
                new Service("embedder", "embedder", "l4-shared", 3, PlacementStrategy.BINPACK),
                new Service("q1", "quarter", "l4-shared", 1, PlacementStrategy.SPREAD),
                new Service("q2", "quarter", "l4-shared", 0, PlacementStrategy.BINPACK));
        var quarter = spec.taskDefinitions().get(1);
        assertThat(quarter.cpu()).isEqualTo(2048);
        assertThat(quarter.memoryMiB()).isEqualTo(4096);
        assertThat(quarter.containers()).extracting(Container::gpu).containsExactly(
                new GpuRequirement.Fraction(new BigDecimal("0.25")),
                new GpuRequirement.All(),
                new GpuRequirement.Whole(2),
                new GpuRequirement.Partition("mig-1g.5gb"),
                null);
        assertThat(spec.taskDefinitions().get(0).containers().get(0).gpu())
                .isEqualTo(new GpuRequirement.NvidiaMps(4096, null));
        assertThat(spec.endpoints()).isEmpty();
        assertThat(spec.instanceTypes()).isEmpty();
    }

    @Test
    void sourceMapMapsMergedIndexesBackToTheirFile() {
        ReadResult r = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("more.yaml", MORE));
        // Merged services: 0 = embedder (pools.yaml #0), 1 = q1 (more.yaml #0), 2 = q2 (more.yaml #1).
        Problem located = r.sources().locate(Problem.at("/services/2/desiredCount", ReadCode.PARSE_ERROR, "m"));
        assertThat(located.file()).isEqualTo("more.yaml");
        assertThat(located.path()).isEqualTo("/services/1/desiredCount");
        // "  - {name: q2, taskDefinition: quarter, capacityProvider: l4-shared, " is 69 characters
        assertThat(located.location()).isEqualTo(new Location(15, 70));

        Problem first = r.sources().locate(Problem.at("/services/0", ReadCode.PARSE_ERROR, "m"));
        assertThat(first.file()).isEqualTo("pools.yaml");
        assertThat(first.path()).isEqualTo("/services/0");
        assertThat(first.location()).isEqualTo(new Location(16, 5));

        // A missing property is placed where its object is.
        Problem missing = r.sources().locate(Problem.at("/taskDefinitions/1/containers/4/gpu", ReadCode.PARSE_ERROR, "m"));
        assertThat(missing.file()).isEqualTo("more.yaml");
        assertThat(missing.path()).isEqualTo("/taskDefinitions/0/containers/4/gpu");
        assertThat(missing.location()).isEqualTo(new Location(12, 9));

        // Outside the lists: the first file.
        assertThat(r.sources().locate(Problem.at("/cluster", ReadCode.PARSE_ERROR, "m")).file()).isEqualTo("pools.yaml");
        // A problem that already names a file is left as it is.
        Problem inFile = new Problem("other.yaml", "/services/0", ReadCode.PARSE_ERROR, "m", null);
        assertThat(r.sources().locate(inFile)).isSameAs(inFile);
    }

    @Test
    void duplicateNameAcrossFilesNamesBoth() {
        String again = """
                apiVersion: gpushare.dev/v1
                cluster: prod
                services:
                  - {name: other, taskDefinition: embedder, capacityProvider: l4-shared, desiredCount: 1}
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4-shared
                    desiredCount: 1
                """;
        ReadResult r = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("again.yaml", again));
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("DUPLICATE_NAME");
            assertThat(p.file()).isEqualTo("again.yaml");
            assertThat(p.path()).isEqualTo("/services/1/name");
            assertThat(p.location()).isEqualTo(new Location(5, 5));
            // the service "embedder" of pools.yaml is on line 16
            assertThat(p.message()).contains("`embedder`").contains("pools.yaml").contains("line 16");
        });
        // Still a spec, so that the semantic checks can report the rest at once.
        assertThat(r.spec()).isNotNull();
    }

    @Test
    void duplicateNamesWithinOneFileAndPerKind() {
        String yaml = """
                apiVersion: gpushare.dev/v1
                cluster: prod
                capacityProviders:
                  - {name: x, instanceType: t, maxInstances: 1}
                  - {name: x, instanceType: t, maxInstances: 1}
                taskDefinitions:
                  - family: x
                    containers:
                      - {name: c, image: i}
                      - {name: c, image: i}
                endpoints:
                  - {name: x, instanceType: t, instanceCount: 1}
                """;
        ReadResult r = SpecReader.bind(List.of(SpecReader.parse("one.yaml", yaml)));
        // The same name in different kinds (capacity provider, task definition, endpoint) is fine.
        assertThat(r.problems()).extracting(Problem::path).containsExactly(
                "/capacityProviders/1/name", "/taskDefinitions/0/containers/1/name");
        assertThat(r.problems()).allSatisfy(p -> assertThat(p.code().name()).isEqualTo("DUPLICATE_NAME"));
        assertThat(r.problems().get(0).message()).contains("one.yaml at line 4");
    }

    @Test
    void clusterMismatchIsReportedAtTheLaterFile() {
        String other = "apiVersion: gpushare.dev/v1\ncluster: staging\n";
        ReadResult r = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("other.yaml", other));
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("CLUSTER_MISMATCH");
            assertThat(p.file()).isEqualTo("other.yaml");
            assertThat(p.path()).isEqualTo("/cluster");
            assertThat(p.location()).isEqualTo(new Location(2, 1));
            assertThat(p.message()).contains("staging").contains("prod").contains("pools.yaml");
        });
        assertThat(r.spec().cluster()).isEqualTo("prod");
    }

    @Test
    void noSpecWhenAFileDidNotParse() {
        ReadResult r = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("bad.yaml", "a: [\n"));
        assertThat(r.spec()).isNull();
        // The parse error belongs to the ParsedFile; bind does not repeat it.
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void noFilesIsAProblem() {
        ReadResult r = SpecReader.bind(List.of());
        assertThat(r.spec()).isNull();
        assertThat(r.problems()).extracting(c -> c.code().name()).containsExactly("NO_INPUT");
    }

    @Test
    void numberTooLargeForTheModelIsAProblem() {
        String yaml = POOLS.replace("desiredCount: 3", "desiredCount: 3000000000");
        ReadResult r = bind(SpecReader.parse("big.yaml", yaml));
        assertThat(r.spec()).isNull();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.code().name()).isEqualTo("NUMBER_OUT_OF_RANGE");
            assertThat(p.path()).isEqualTo("/services/0/desiredCount");
            assertThat(p.location().line()).isEqualTo(16);
        });
    }

    @Test
    void wholeNumberWrittenWithAPointIsWholeGpus() {
        // 2.0 is an integer to JSON Schema, so the schema accepts it as whole GPUs; bind must agree.
        String yaml = MORE.replace("gpu: 2}", "gpu: 2.0}");
        var spec = bind(SpecReader.parse("pools.yaml", POOLS), SpecReader.parse("more.yaml", yaml)).spec();
        assertThat(spec.taskDefinitions().get(1).containers().get(2).gpu()).isEqualTo(new GpuRequirement.Whole(2));
    }

    @Test
    void everyStrategyBinds() {
        String yaml = """
                apiVersion: gpushare.dev/v1
                cluster: prod
                capacityProviders:
                  - {name: a, instanceType: t, maxInstances: 1, gpuSharing: {strategy: MPS}}
                  - {name: b, instanceType: t, maxInstances: 1, gpuSharing: {strategy: MPS, maxClientsPerGpu: 4}}
                  - {name: c, instanceType: t, maxInstances: 1, gpuSharing: {strategy: EXCLUSIVE}}
                  - {name: d, instanceType: t, maxInstances: 1, gpuSharing: {strategy: TIME_SLICING, replicas: 4}}
                endpoints:
                  - {name: e, instanceType: ml.p4d.24xlarge, instanceCount: 2, partitionLayout: [mig-1g.5gb]}
                  - {name: f, instanceType: ml.g5.xlarge, instanceCount: 1}
                inferenceComponents:
                  - {name: ic, endpoint: e, model: m, partitionType: mig-1g.5gb, copyCount: 3, hostMemoryMiB: 1024, gpuMemoryMiB: 4000}
                  - {name: ic2, endpoint: f, model: m, copyCount: 1}
                instanceTypes:
                  - {name: big, gpuModel: H100-80GB, gpuCount: 8, vcpus: 192, memoryMiB: 2097152}
                """;
        var spec = SpecReader.bind(List.of(SpecReader.parse("s.yaml", yaml))).spec();
        assertThat(spec.capacityProviders()).extracting(CapacityProvider::gpuSharing).containsExactly(
                new GpuSharing.Mps(null), new GpuSharing.Mps(4), new GpuSharing.Exclusive(), new GpuSharing.TimeSlicing(4));
        assertThat(spec.endpoints().get(0).partitionLayout()).containsExactly("mig-1g.5gb");
        assertThat(spec.endpoints().get(1).partitionLayout()).isNull();
        assertThat(spec.inferenceComponents().get(0))
                .isEqualTo(new dev.gpushare.model.InferenceComponent("ic", "e", "m", "mig-1g.5gb", 3, 1024, 4000));
        assertThat(spec.inferenceComponents().get(1))
                .isEqualTo(new dev.gpushare.model.InferenceComponent("ic2", "f", "m", null, 1, null, null));
        assertThat(spec.instanceTypes().get(0))
                .isEqualTo(new dev.gpushare.model.InstanceTypeDef("big", "H100-80GB", 8, 192, 2097152L));
    }

    @Test
    void aTreeTheSchemaWouldRejectIsACallerBug() {
        ParsedFile f = SpecReader.parse("s.yaml", "apiVersion: gpushare.dev/v1\ncluster: c\nservices: [{name: s}]\n");
        assertThatThrownBy(() -> SpecReader.bind(List.of(f)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("schema-valid");
    }
}
