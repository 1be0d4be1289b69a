package dev.gpushare.pulumi;

import com.google.protobuf.Any;
import com.google.protobuf.Empty;
import com.google.protobuf.Struct;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.pulumi.internal.Differ;
import dev.gpushare.pulumi.internal.Lifecycle;
import dev.gpushare.pulumi.internal.Log;
import dev.gpushare.pulumi.internal.Properties;
import dev.gpushare.pulumi.internal.ProviderConfig;
import dev.gpushare.pulumi.internal.PulumiSchema;
import dev.gpushare.pulumi.internal.ResourceId;
import dev.gpushare.pulumi.internal.Wire;
import dev.gpushare.pulumi.internal.cluster.Clusters;
import dev.gpushare.pulumi.internal.kind.Failure;
import dev.gpushare.pulumi.internal.kind.Kinds;
import dev.gpushare.pulumi.internal.kind.PoolFunction;
import dev.gpushare.pulumi.internal.kind.ResourceKind;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicBoolean;
import pulumirpc.Plugin.PluginInfo;
import pulumirpc.Provider;
import pulumirpc.Provider.CheckFailure;
import pulumirpc.Provider.PropertyDiff;
import pulumirpc.ResourceProviderGrpc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static dev.gpushare.pulumi.internal.Replies.reply;

/**
 * The {@code pulumirpc.ResourceProvider} service of {@code pulumi-resource-gpushare}: a thin
 * adapter. Each RPC decodes its property maps ({@link Wire}), finds the resource's kind
 * ({@link Kinds}: one class per kind with its inputs, outputs, replacement rule and check
 * mapping) and calls the {@link Lifecycle} every kind shares; then encodes the answer, secrets
 * wrapped again, errors as deliberate gRPC statuses.
 */
public final class GpushareProvider extends ResourceProviderGrpc.ResourceProviderImplBase {
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final String workingDirectory;
    private volatile ProviderConfig config;
    private volatile Lifecycle lifecycle;
    private volatile String schema;

    public GpushareProvider() {
        this(null);
    }

    /**
     * @param workingDirectory where relative {@code file:} backends are resolved from: the Pulumi
     *                         program's directory (null: the process's working directory, where
     *                         the engine starts the plugin)
     */
    public GpushareProvider(String workingDirectory) {
        this.workingDirectory = workingDirectory;
        // before Configure: the default backend, resolved from the program directory as Configure would
        String defaultUrl = ProviderConfig.from(Wire.JSON.createObjectNode(), workingDirectory).backendUrl();
        this.lifecycle = new Lifecycle(new Clusters(() -> Backends.open(defaultUrl)), false);
    }

    /** Closes the backend kept open between calls (the local one stores its state snapshot then): at the end of the process. */
    public void close() {
        lifecycle.close();
    }

    /** The configuration in effect, or null before {@code Configure}. */
    public ProviderConfig config() {
        return config;
    }

    // --- plugin life cycle -----------------------------------------------------------------------

    @Override
    public void handshake(Provider.ProviderHandshakeRequest req, StreamObserver<Provider.ProviderHandshakeResponse> out) {
        // Not req.getProgramDirectory(): for a plugin that is the plugin's own directory. The
        // engine starts the plugin in the Pulumi program's directory, which is the working directory.
        reply(out, () -> Provider.ProviderHandshakeResponse.newBuilder()
                .setAcceptSecrets(true).setAcceptResources(true).setAcceptOutputs(false).build());
    }

    /**
     * The engine attaching to a provider that is already running ({@code PULUMI_DEBUG_PROVIDERS=gpushare:PORT}:
     * a provider started by hand, e.g. under a profiler, serves several operations). Nothing to keep:
     * each operation's {@code Configure} opens the backend afresh, as in a new process.
     */
    @Override
    public void attach(pulumirpc.Plugin.PluginAttach req, StreamObserver<Empty> out) {
        reply(out, Empty::getDefaultInstance);
    }

    @Override
    public void getPluginInfo(Empty req, StreamObserver<PluginInfo> out) {
        reply(out, () -> PluginInfo.newBuilder().setVersion(PulumiSchema.VERSION).build());
    }

    @Override
    public void getSchema(Provider.GetSchemaRequest req, StreamObserver<Provider.GetSchemaResponse> out) {
        reply(out, () -> {
            if (schema == null) schema = PulumiSchema.text();
            return Provider.GetSchemaResponse.newBuilder().setSchema(schema).build();
        });
    }

    @Override
    public void checkConfig(Provider.CheckRequest req, StreamObserver<Provider.CheckResponse> out) {
        reply(out, () -> failures(Provider.CheckResponse.newBuilder().setInputs(req.getNews()),
                ProviderConfig.check(Wire.decode(req.getNews()).values())).build());
    }

    @Override
    public void diffConfig(Provider.DiffRequest req, StreamObserver<Provider.DiffResponse> out) {
        reply(out, () -> {
            ObjectNode olds = Wire.decode(req.hasOldInputs() ? req.getOldInputs() : req.getOlds()).values();
            ObjectNode news = Wire.decode(req.getNews()).values();
            Provider.DiffResponse.Builder b = Provider.DiffResponse.newBuilder().setHasDetailedDiff(true);
            for (String key : List.of(ProviderConfig.BACKEND, ProviderConfig.TOKEN)) {
                JsonNode o = olds.get(key), n = news.get(key);
                if (o == null ? n == null : o.equals(n) && !Wire.isUnknown(n)) continue;
                b.addDiffs(key).putDetailedDiff(key, PropertyDiff.newBuilder().setKind(PropertyDiff.Kind.UPDATE).setInputDiff(true).build());
            }
            // a new backend does not replace resources: their fragments are declared there on the next change
            return b.setChanges(b.getDiffsCount() == 0 ? Provider.DiffResponse.DiffChanges.DIFF_NONE
                    : Provider.DiffResponse.DiffChanges.DIFF_SOME).build();
        });
    }

    @Override
    public void configure(Provider.ConfigureRequest req, StreamObserver<Provider.ConfigureResponse> out) {
        reply(out, () -> {
            ObjectNode values = Wire.decode(req.getArgs()).values();
            for (Map.Entry<String, String> v : req.getVariablesMap().entrySet()) { // older engines
                String key = v.getKey().substring(v.getKey().lastIndexOf(':') + 1);
                if (!values.has(key)) values.put(key, v.getValue());
            }
            List<Failure> problems = ProviderConfig.check(values);
            if (!problems.isEmpty()) {
                throw Status.INVALID_ARGUMENT.withDescription("gpushare:" + problems.get(0).property() + ": "
                        + problems.get(0).reason()).asRuntimeException();
            }
            ProviderConfig c = ProviderConfig.from(values, workingDirectory);
            config = c;
            // a new operation starts with Configure: a Cancel of an earlier one no longer holds
            cancelled.set(false);
            // a new deployment: nothing previewed yet
            Lifecycle before = lifecycle;
            lifecycle = new Lifecycle(new Clusters(() -> Backends.open(c.backendUrl(), c.token())), true);
            before.close();
            Log.info("configured: " + c);
            return Provider.ConfigureResponse.newBuilder().setAcceptSecrets(true).setSupportsPreview(true)
                    .setAcceptResources(true).setAcceptOutputs(false).build();
        });
    }

    @Override
    public void cancel(Empty req, StreamObserver<Empty> out) {
        cancelled.set(true);
        reply(out, Empty::getDefaultInstance);
    }

    // --- resources -------------------------------------------------------------------------------

    @Override
    public void check(Provider.CheckRequest req, StreamObserver<Provider.CheckResponse> out) {
        reply(out, () -> {
            ResourceKind kind = kind(req.getType(), req.getUrn());
            // the inputs as sent (secret wrappers included): the engine stores what Check returns
            return failures(Provider.CheckResponse.newBuilder().setInputs(req.getNews()),
                    lifecycle.check(kind, Wire.decode(req.getNews()).values())).build();
        });
    }

    @Override
    public void diff(Provider.DiffRequest req, StreamObserver<Provider.DiffResponse> out) {
        reply(out, () -> {
            ResourceKind kind = kind(req.getType(), req.getUrn());
            ObjectNode olds = Wire.decode(req.getOlds()).values();
            ObjectNode oldInputs = req.hasOldInputs() && req.getOldInputs().getFieldsCount() > 0
                    ? Wire.decode(req.getOldInputs()).values() : olds;
            SortedMap<String, PropertyDiff> changes = lifecycle.diff(kind, req.getId(), oldInputs, olds,
                    Wire.decode(req.getNews()).values(), new HashSet<>(req.getIgnoreChangesList()));
            Provider.DiffResponse.Builder b = Provider.DiffResponse.newBuilder()
                    .setChanges(changes.isEmpty() ? Provider.DiffResponse.DiffChanges.DIFF_NONE
                            : Provider.DiffResponse.DiffChanges.DIFF_SOME)
                    .setHasDetailedDiff(true).setDeleteBeforeReplace(false);
            changes.forEach((property, change) -> {
                b.addDiffs(property).putDetailedDiff(property, change);
                if (Differ.replaces(change)) b.addReplaces(property);
            });
            return b.build();
        });
    }

    @Override
    public void create(Provider.CreateRequest req, StreamObserver<Provider.CreateResponse> out) {
        reply(out, () -> {
            Stored stored = createOrUpdate(req.getType(), req.getUrn(), req.getProperties(), req.getPreview());
            return Provider.CreateResponse.newBuilder().setId(stored.id().toString()).setProperties(stored.properties()).build();
        });
    }

    @Override
    public void update(Provider.UpdateRequest req, StreamObserver<Provider.UpdateResponse> out) {
        reply(out, () -> Provider.UpdateResponse.newBuilder()
                .setProperties(createOrUpdate(req.getType(), req.getUrn(), req.getNews(), req.getPreview()).properties()).build());
    }

    /** What Create and Update answer alike: the resource's id and its properties, secrets wrapped again. */
    private record Stored(ResourceId id, Struct properties) {}

    /** Create and Update: the inputs {@code news} of resource {@code urn} applied (or previewed). */
    private Stored createOrUpdate(String type, String urn, Struct news, boolean preview) {
        ResourceKind kind = kind(type, urn);
        Properties in = Wire.decode(news);
        ObjectNode properties = apply(kind, in, preview);
        return new Stored(ResourceId.of(kind, in.values()), Wire.encode(properties, Lifecycle.secretKeys(kind, in.secretKeys())));
    }

    @Override
    public void delete(Provider.DeleteRequest req, StreamObserver<Empty> out) {
        reply(out, () -> {
            ResourceId id = parseId(req.getId());
            lifecycle.delete(id, Wire.decode(req.hasOldInputs() && req.getOldInputs().getFieldsCount() > 0
                    ? req.getOldInputs() : req.getProperties()).values());
            return Empty.getDefaultInstance();
        });
    }

    @Override
    public void read(Provider.ReadRequest req, StreamObserver<Provider.ReadResponse> out) {
        reply(out, () -> {
            ResourceId id = parseId(req.getId());
            Properties old = req.hasInputs() ? Wire.decode(req.getInputs()) : new Properties(Wire.JSON.createObjectNode(), java.util.Set.of());
            return lifecycle.read(id, old.values())
                    .map(found -> Provider.ReadResponse.newBuilder().setId(id.toString())
                            .setProperties(Wire.encode(found.properties(), Lifecycle.secretKeys(id.kind(), old.secretKeys())))
                            .setInputs(Wire.encode(found.inputs(), old.secretKeys())).build())
                    .orElseGet(Provider.ReadResponse::getDefaultInstance); // gone
        });
    }

    @Override
    public void invoke(Provider.InvokeRequest req, StreamObserver<Provider.InvokeResponse> out) {
        reply(out, () -> {
            if (!req.getTok().equals(PoolFunction.TOKEN)) {
                throw Status.INVALID_ARGUMENT.withDescription("unknown function " + req.getTok() + "; gpushare has "
                        + PoolFunction.TOKEN).asRuntimeException();
            }
            ObjectNode args = Wire.decode(req.getArgs()).values();
            Provider.InvokeResponse.Builder b = Provider.InvokeResponse.newBuilder();
            for (String required : List.of(ResourceKind.CLUSTER, "name")) {
                if (!args.path(required).isString() || args.get(required).stringValue().isEmpty()) {
                    b.addFailures(CheckFailure.newBuilder().setProperty(required).setReason("missing required argument " + required));
                }
            }
            if (b.getFailuresCount() > 0) return b.build();
            Lifecycle.PoolResult pool = lifecycle.pool(args.get(ResourceKind.CLUSTER).stringValue(), args.get("name").stringValue(),
                    args.get(PoolFunction.SERVICES), req.getPreview());
            if (!pool.failures().isEmpty()) return failures(b, pool.failures()).build();
            return b.setReturn(Wire.encode(pool.result())).build();
        });
    }

    // --- the adapter's own parts -----------------------------------------------------------------

    /** Create/Update: the outputs, or the init-failed detail when the resource is declared but not complete. */
    private ObjectNode apply(ResourceKind kind, Properties in, boolean preview) {
        if (!preview && cancelled.get()) {
            throw Status.CANCELLED.withDescription("the update was cancelled; nothing was changed").asRuntimeException();
        }
        Lifecycle.Applied applied = lifecycle.createOrUpdate(kind, in.values(), preview);
        if (applied.reasons().isEmpty()) return applied.properties();
        // Declared, but not complete: the engine records the resource with these reasons and
        // calls Update on the next `up`, which plans again.
        ResourceId id = ResourceId.of(kind, in.values());
        java.util.Set<String> secrets = Lifecycle.secretKeys(kind, in.secretKeys());
        Provider.ErrorResourceInitFailed detail = Provider.ErrorResourceInitFailed.newBuilder()
                .setId(id.toString()).setProperties(Wire.encode(applied.properties(), secrets))
                .setInputs(Wire.encode(in.values(), in.secretKeys())).addAllReasons(applied.reasons()).build();
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder().setCode(Status.Code.UNKNOWN.value())
                .setMessage(id + " is declared but not complete: " + String.join("; ", applied.reasons()))
                .addDetails(Any.pack(detail)).build();
        throw StatusProto.toStatusRuntimeException(status);
    }

    private static Provider.CheckResponse.Builder failures(Provider.CheckResponse.Builder b, List<Failure> failures) {
        for (Failure f : failures) b.addFailures(CheckFailure.newBuilder().setProperty(f.property()).setReason(f.reason()));
        return b;
    }

    private static Provider.InvokeResponse.Builder failures(Provider.InvokeResponse.Builder b, List<Failure> failures) {
        for (Failure f : failures) b.addFailures(CheckFailure.newBuilder().setProperty(f.property()).setReason(f.reason()));
        return b;
    }

    private static ResourceKind kind(String type, String urn) {
        return Kinds.ofToken(type).or(() -> Kinds.ofUrn(urn)).orElseThrow(() -> Status.INVALID_ARGUMENT
                .withDescription("unknown resource type " + (type.isEmpty() ? urn : type) + "; gpushare has "
                        + Kinds.all().stream().map(ResourceKind::token).toList()).asRuntimeException());
    }

    private static ResourceId parseId(String id) {
        return ResourceId.parse(id).orElseThrow(() -> Status.INVALID_ARGUMENT.withDescription("resource id " + id
                + " is not a gpushare id; use CLUSTER/SECTION/NAME, e.g. inference-prod/services/embedder").asRuntimeException());
    }
}
