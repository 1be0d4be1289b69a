package dev.gpushare.pulumi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Empty;
import com.google.protobuf.Struct;
import dev.gpushare.pulumi.internal.Wire;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pulumirpc.Provider;
import pulumirpc.Provider.DiffResponse.DiffChanges;
import pulumirpc.Provider.PropertyDiff;
import pulumirpc.ResourceProviderGrpc;
import pulumirpc.ResourceProviderGrpc.ResourceProviderBlockingStub;
import tools.jackson.databind.JsonNode;

/** Every RPC of the provider through gRPC's in-process transport (no plugin process). */
class ProviderRpcTest {
    private static final String SECRET = "{\"" + Wire.SIG + "\":\"" + Wire.SECRET_SIG + "\",\"value\":\"s3cr3t\"}";
    @TempDir Path dir;
    private Server server;
    private ManagedChannel channel;
    private ResourceProviderBlockingStub stub;
    private GpushareProvider provider;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        provider = new GpushareProvider(dir.toString());
        server = InProcessServerBuilder.forName(name).directExecutor().addService(provider).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        stub = ResourceProviderGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    private void configure() {
        stub.handshake(Provider.ProviderHandshakeRequest.newBuilder().setProgramDirectory(dir.toString()).build());
        stub.configure(Provider.ConfigureRequest.newBuilder()
                .setArgs(Props.struct("{\"backend\":\"file:state.db\",\"token\":" + SECRET + "}"))
                .setAcceptSecrets(true).build());
    }

    @Test
    void handshakeAcceptsSecretsAndResources() {
        var r = stub.handshake(Provider.ProviderHandshakeRequest.newBuilder().setEngineAddress("127.0.0.1:9")
                .setProgramDirectory(dir.toString()).build());
        assertThat(r.getAcceptSecrets()).isTrue();
        assertThat(r.getAcceptResources()).isTrue();
    }

    /**
     * PULUMI_DEBUG_PROVIDERS: the engine attaches to a provider already running, then configures it for
     * each operation; a second operation's Configure opens the backend afresh and the provider answers.
     */
    @Test
    void attachThenOneConfigurePerOperation() {
        stub.attach(pulumirpc.Plugin.PluginAttach.newBuilder().setAddress("127.0.0.1:9").build());
        configure();
        var cp = Props.struct("{\"cluster\":\"a\",\"name\":\"p\",\"instanceType\":\"g6.12xlarge\"}");
        var first = stub.check(Provider.CheckRequest.newBuilder().setType(dev.gpushare.pulumi.internal.kind.Kinds.CAPACITY_PROVIDER.token()).setNews(cp).build());
        assertThat(first.getFailuresList()).isEmpty();
        stub.attach(pulumirpc.Plugin.PluginAttach.newBuilder().setAddress("127.0.0.1:9").build());
        configure();
        assertThat(stub.check(Provider.CheckRequest.newBuilder().setType(dev.gpushare.pulumi.internal.kind.Kinds.CAPACITY_PROVIDER.token()).setNews(cp).build())
                .getFailuresList()).isEmpty();
    }

    @Test
    void pluginInfoIsTheSchemaVersion() {
        assertThat(stub.getPluginInfo(Empty.getDefaultInstance()).getVersion()).isEqualTo("0.1.0");
    }

    @Test
    void schemaNamesEveryResourceWithItsSpecProperties() {
        JsonNode schema = Wire.JSON.readTree(stub.getSchema(Provider.GetSchemaRequest.getDefaultInstance()).getSchema());
        assertThat(schema.get("name").asString()).isEqualTo("gpushare");
        assertThat(schema.get("resources").propertyNames()).containsExactlyInAnyOrder("gpushare:index:CapacityProvider",
                "gpushare:index:TaskDefinition", "gpushare:index:Service", "gpushare:index:Endpoint",
                "gpushare:index:InferenceComponent");
        JsonNode service = schema.get("resources").get("gpushare:index:Service");
        assertThat(service.get("requiredInputs")).extracting(JsonNode::asString)
                .containsExactlyInAnyOrder("cluster", "name", "taskDefinition", "capacityProvider", "desiredCount");
        assertThat(service.get("properties").propertyNames()).contains("copies", "unplaced");
        assertThat(schema.get("config").get("variables").get("token").get("secret").asBoolean()).isTrue();
        JsonNode endpoint = schema.get("resources").get("gpushare:index:Endpoint").get("inputProperties");
        assertThat(endpoint.get("partitionLayout").get("replaceOnChanges").asBoolean()).isTrue();
        assertThat(endpoint.get("instanceCount").has("replaceOnChanges")).isFalse();
    }

    @Test
    void checkConfigRejectsAnUnknownBackendScheme() {
        var bad = stub.checkConfig(Provider.CheckRequest.newBuilder().setNews(Props.struct("{\"backend\":\"s3://x\"}")).build());
        assertThat(bad.getFailuresList()).singleElement().satisfies(f -> assertThat(f.getProperty()).isEqualTo("backend"));
        var good = stub.checkConfig(Provider.CheckRequest.newBuilder().setNews(Props.struct("{\"backend\":\"file:x.db\"}")).build());
        assertThat(good.getFailuresList()).isEmpty();
        assertThat(good.getInputs()).isEqualTo(Props.struct("{\"backend\":\"file:x.db\"}"));
    }

    @Test
    void diffConfigNamesTheChangedKeyWithoutReplacing() {
        var r = stub.diffConfig(Provider.DiffRequest.newBuilder().setOlds(Props.struct("{\"backend\":\"file:a\"}"))
                .setNews(Props.struct("{\"backend\":\"file:b\"}")).build());
        assertThat(r.getChanges()).isEqualTo(DiffChanges.DIFF_SOME);
        assertThat(r.getDiffsList()).containsExactly("backend");
        assertThat(r.getReplacesList()).isEmpty();
    }

    @Test
    void configureUnwrapsTheSecretTokenAndNeverPrintsIt() {
        stub.handshake(Provider.ProviderHandshakeRequest.newBuilder().setProgramDirectory(dir.toString()).build());
        var r = stub.configure(Provider.ConfigureRequest.newBuilder()
                .setArgs(Props.struct("{\"backend\":\"file:state.db\",\"token\":" + SECRET + "}")).build());
        assertThat(r.getAcceptSecrets()).isTrue();
        assertThat(r.getSupportsPreview()).isTrue();
        assertThat(provider.config().token()).isEqualTo("s3cr3t");
        assertThat(provider.config().toString()).doesNotContain("s3cr3t");
        // relative file paths are taken from the program directory (the working directory)
        assertThat(provider.config().backendUrl()).isEqualTo("file:" + dir.resolve("state.db"));
    }

    @ParameterizedTest(name = "{0}: {2} → failure on {3}")
    @CsvSource(delimiter = '|', textBlock = """
        Service          | embedder | {"cluster":"demo","name":"embedder","taskDefinition":"t","capacityProvider":"p","desiredCount":-1} | desiredCount
        TaskDefinition   | t        | {"cluster":"demo","family":"t","containers":[{"name":"m","image":"i","gpu":0.3}]}                     | containers[0].gpu
        Endpoint         | e        | {"cluster":"demo","name":"e","instanceType":"ml.nope","instanceCount":1}                                | instanceType
        CapacityProvider | p        | {"cluster":"Demo!","name":"p","instanceType":"g6.12xlarge"}                                             | cluster
        CapacityProvider | p        | {"cluster":"demo","name":"p","instanceType":"g6.12xlarge","minInstances":3,"maxInstances":2}            | minInstances
        """)
    void checkPutsEachProblemOnItsProperty(String type, String name, String inputs, String property) {
        var r = stub.check(Provider.CheckRequest.newBuilder().setType("gpushare:index:" + type)
                .setUrn(EngineDriver.STACK + "gpushare:index:" + type + "::" + name).setNews(Props.struct(inputs)).build());
        assertThat(r.getFailuresList()).extracting(Provider.CheckFailure::getProperty).contains(property);
    }

    @Test
    void checkAcceptsNamesNotDeclaredYetAndKeepsUnknownsAndSecrets() {
        // the pool and task definition do not exist yet: not this resource's problem
        var ok = stub.check(Provider.CheckRequest.newBuilder().setType("gpushare:index:Service").setNews(Props.struct(
                "{\"cluster\":\"demo\",\"name\":\"s\",\"taskDefinition\":\"t\",\"capacityProvider\":\"p\",\"desiredCount\":1}")).build());
        assertThat(ok.getFailuresList()).isEmpty();
        Struct withUnknown = Props.struct("{\"cluster\":\"demo\",\"name\":\"s\",\"taskDefinition\":\"t\",\"capacityProvider\":\""
                + Wire.UNKNOWN + "\",\"desiredCount\":1}");
        var unknown = stub.check(Provider.CheckRequest.newBuilder().setType("gpushare:index:Service").setNews(withUnknown).build());
        assertThat(unknown.getFailuresList()).isEmpty();
        assertThat(unknown.getInputs()).isEqualTo(withUnknown);
        Struct secretImage = Props.struct("{\"cluster\":\"demo\",\"family\":\"t\",\"containers\":[{\"name\":\"m\",\"image\":"
                + SECRET + "}]}");
        var secret = stub.check(Provider.CheckRequest.newBuilder().setType("gpushare:index:TaskDefinition").setNews(secretImage).build());
        assertThat(secret.getFailuresList()).isEmpty();
        assertThat(secret.getInputs()).isEqualTo(secretImage);
    }

    @ParameterizedTest(name = "{0}: {1} → {2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
        TaskDefinition     | {"cluster":"c","family":"t","cpu":1,"containers":[]}               | {"cluster":"c","family":"t","cpu":2,"containers":[]}               | cpu=UPDATE_REPLACE
        Endpoint           | {"cluster":"c","name":"e","partitionLayout":["a","b"]}              | {"cluster":"c","name":"e","partitionLayout":["b","a"]}              | partitionLayout=UPDATE_REPLACE
        Endpoint           | {"cluster":"c","name":"e","instanceCount":1}                        | {"cluster":"c","name":"e","instanceCount":2}                        | instanceCount=UPDATE
        InferenceComponent | {"cluster":"c","name":"i","partitionType":"a","copyCount":1}        | {"cluster":"c","name":"i","partitionType":"b","copyCount":2}        | copyCount=UPDATE,partitionType=UPDATE_REPLACE
        Service            | {"cluster":"c","name":"s","desiredCount":1}                         | {"cluster":"c","name":"s","desiredCount":3,"placementStrategy":"SPREAD"} | desiredCount=UPDATE,placementStrategy=ADD
        CapacityProvider   | {"cluster":"c","name":"p","maxInstances":4}                         | {"cluster":"c","name":"p"}                                          | maxInstances=DELETE
        Service            | {"cluster":"c","name":"s","desiredCount":1}                         | {"cluster":"d","name":"s","desiredCount":1}                         | cluster=UPDATE_REPLACE
        Service            | {"cluster":"c","name":"s","desiredCount":1}                         | {"cluster":"c","name":"s","desiredCount":1}                         | ''
        """)
    void diffDecidesReplacementAndNamesEachProperty(String type, String olds, String news, String expected) {
        var r = stub.diff(Provider.DiffRequest.newBuilder().setType("gpushare:index:" + type).setId("c/x/y")
                .setOlds(Props.struct(olds)).setOldInputs(Props.struct(olds)).setNews(Props.struct(news)).build());
        List<String> got = r.getDetailedDiffMap().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().getKind()).sorted().toList();
        List<String> want = expected.isEmpty() ? List.of() : List.of(expected.split(","));
        assertThat(got).isEqualTo(want);
        assertThat(r.getChanges()).isEqualTo(want.isEmpty() ? DiffChanges.DIFF_NONE : DiffChanges.DIFF_SOME);
        assertThat(r.getDiffsList()).containsExactlyElementsOf(r.getDetailedDiffMap().keySet().stream().sorted().toList());
        assertThat(r.getReplacesList()).isEqualTo(r.getDetailedDiffMap().entrySet().stream()
                .filter(e -> e.getValue().getKind().name().endsWith("_REPLACE")).map(java.util.Map.Entry::getKey).sorted().toList());
    }

    @Test
    void anOutputThisVersionNoLongerHasIsDeletedSoTheUpdateDropsIt() {
        // a pool recorded by an earlier provider version, with the instances it no longer returns
        var r = stub.diff(Provider.DiffRequest.newBuilder().setType("gpushare:index:CapacityProvider").setId("c/capacityProviders/p")
                .setOldInputs(Props.struct("{\"cluster\":\"c\",\"name\":\"p\"}"))
                .setOlds(Props.struct("{\"cluster\":\"c\",\"name\":\"p\",\"instances\":[]}"))
                .setNews(Props.struct("{\"cluster\":\"c\",\"name\":\"p\"}")).build());
        assertThat(r.getChanges()).isEqualTo(DiffChanges.DIFF_SOME);
        assertThat(r.getDetailedDiffMap()).containsOnlyKeys("instances");
        assertThat(r.getDetailedDiffMap().get("instances").getKind()).isEqualTo(PropertyDiff.Kind.DELETE);
        assertThat(r.getDetailedDiffMap().get("instances").getInputDiff()).isFalse();
        assertThat(r.getReplacesList()).isEmpty();
    }

    @Test
    void diffTreatsUnknownAsChangedAndHonoursIgnoreChanges() {
        var r = stub.diff(Provider.DiffRequest.newBuilder().setType("gpushare:index:Service")
                .setOldInputs(Props.struct("{\"cluster\":\"c\",\"name\":\"s\",\"desiredCount\":1,\"capacityProvider\":\"p\"}"))
                .setNews(Props.struct("{\"cluster\":\"c\",\"name\":\"s\",\"desiredCount\":5,\"capacityProvider\":\"" + Wire.UNKNOWN + "\"}"))
                .addIgnoreChanges("desiredCount").build());
        assertThat(r.getDetailedDiffMap()).containsOnlyKeys("capacityProvider");
        assertThat(r.getDetailedDiffMap().get("capacityProvider").getKind()).isEqualTo(PropertyDiff.Kind.UPDATE);
    }

    @Test
    void createReadUpdateDeleteAgainstALocalBackend() {
        configure();
        Struct cp = Props.struct(Demo.capacityProvider().inputsJson());
        Struct td = Props.struct(Demo.taskDefinition().inputsJson());
        Struct svc = Props.struct(Demo.service(2).inputsJson());
        stub.create(create("CapacityProvider", cp, false));
        stub.create(create("TaskDefinition", td, false));
        // preview of the service: predicted (2 copies) and nothing written
        var preview = stub.create(create("Service", svc, true));
        assertThat(LifecycleAssertions.copies(preview.getProperties())).isEqualTo(2);
        assertThat(LifecycleAssertions.declared("file:" + dir.resolve("state.db"))).doesNotContainKey("services/embedder");

        var created = stub.create(create("Service", svc, false));
        assertThat(created.getId()).isEqualTo("demo/services/embedder");
        assertThat(LifecycleAssertions.copies(created.getProperties())).isEqualTo(2);

        // import: Read by id only gives inputs that check and diff clean
        var imported = stub.read(Provider.ReadRequest.newBuilder().setId(created.getId()).build());
        assertThat(imported.getInputs()).isEqualTo(svc);
        var diff = stub.diff(Provider.DiffRequest.newBuilder().setType("gpushare:index:Service").setId(created.getId())
                .setOlds(imported.getProperties()).setOldInputs(imported.getInputs()).setNews(svc).build());
        assertThat(diff.getChanges()).isEqualTo(DiffChanges.DIFF_NONE);

        Struct scaled = Props.struct(Demo.service(3).inputsJson());
        var updated = stub.update(Provider.UpdateRequest.newBuilder().setType("gpushare:index:Service").setId(created.getId())
                .setOlds(created.getProperties()).setOldInputs(svc).setNews(scaled).build());
        assertThat(LifecycleAssertions.copies(updated.getProperties())).isEqualTo(3);

        stub.delete(Provider.DeleteRequest.newBuilder().setType("gpushare:index:Service").setId(created.getId())
                .setProperties(updated.getProperties()).setOldInputs(scaled).build());
        var gone = stub.read(Provider.ReadRequest.newBuilder().setId(created.getId()).build());
        assertThat(gone.getId()).isEmpty();
        assertThatThrownBy(() -> stub.read(Provider.ReadRequest.newBuilder().setId("nonsense").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }

    @Test
    void copiesThatDoNotFitReturnTheInitFailedDetail() {
        configure();
        stub.create(create("CapacityProvider", Props.struct(
                "{\"cluster\":\"demo\",\"name\":\"l4\",\"instanceType\":\"g6.12xlarge\",\"maxInstances\":1}"), false));
        stub.create(create("TaskDefinition", Props.struct(Demo.taskDefinition().inputsJson()), false));
        // one g6.12xlarge = 4 L4 × (22 GiB usable / 4 GiB) MPS copies — 100 copies cannot fit
        assertThatThrownBy(() -> stub.create(create("Service", Props.struct(Demo.service(100).inputsJson()), false)))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    var init = EngineDriver.initFailed(e);
                    assertThat(init).isNotNull();
                    assertThat(init.getId()).isEqualTo("demo/services/embedder");
                    assertThat(init.getReasonsList()).anySatisfy(r -> assertThat(r).contains("not placed"));
                    assertThat(LifecycleAssertions.json(init.getProperties()).get("unplaced")).isNotEmpty();
                });
    }

    @Test
    void cancelStopsFurtherChanges() {
        configure();
        assertThat(stub.cancel(Empty.getDefaultInstance())).isEqualTo(Empty.getDefaultInstance());
        assertThatThrownBy(() -> stub.create(create("CapacityProvider", Props.struct(Demo.capacityProvider().inputsJson()), false)))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED));
    }

    @Test
    void aCancelledProviderChangesAgainOnceTheNextOperationConfiguresIt() {
        // issue 22: Cancel ends one operation; the engine starts the next with Configure
        configure();
        stub.cancel(Empty.getDefaultInstance());
        assertThatThrownBy(() -> stub.create(create("CapacityProvider", Props.struct(Demo.capacityProvider().inputsJson()), false)))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED));
        configure();
        var created = stub.create(create("CapacityProvider", Props.struct(Demo.capacityProvider().inputsJson()), false));
        assertThat(created.getId()).isNotEmpty();
    }

    private static Provider.CreateRequest create(String type, Struct props, boolean preview) {
        return Provider.CreateRequest.newBuilder().setType("gpushare:index:" + type)
                .setUrn(EngineDriver.STACK + "gpushare:index:" + type + "::x").setProperties(props).setPreview(preview).build();
    }
}
