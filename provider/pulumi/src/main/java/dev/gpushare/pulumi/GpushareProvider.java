package dev.gpushare.pulumi;

import com.google.protobuf.Any;
import com.google.protobuf.Empty;
import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.pulumi.internal.Checker;
import dev.gpushare.pulumi.internal.Converger;
import dev.gpushare.pulumi.internal.Differ;
import dev.gpushare.pulumi.internal.Kind;
import dev.gpushare.pulumi.internal.ProviderConfig;
import dev.gpushare.pulumi.internal.PulumiSchema;
import dev.gpushare.pulumi.internal.ResourceId;
import dev.gpushare.pulumi.internal.Views;
import dev.gpushare.pulumi.internal.Wire;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import pulumirpc.Plugin.PluginInfo;
import pulumirpc.Provider;
import pulumirpc.Provider.CheckFailure;
import pulumirpc.Provider.PropertyDiff;
import pulumirpc.ResourceProviderGrpc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code pulumirpc.ResourceProvider} service of {@code pulumi-resource-gpushare}.
 *
 * <p>Each resource is one fragment of its cluster's spec, declared in the backend's {@link
 * dev.gpushare.engine.backend.DeclaredResources}. Create/Update/Delete declare or remove the
 * fragment, then plan the whole cluster with the engine and apply; outputs carry the placement of
 * that resource. Previews predict without writing. Operations that touch the backend run one at a
 * time (the engine calls in parallel).
 */
public final class GpushareProvider extends ResourceProviderGrpc.ResourceProviderImplBase {
    private final Object lock = new Object();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final String workingDirectory;
    private volatile String engineAddress;
    private volatile ProviderConfig config;
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
    }

    /** The configuration in effect, or null before {@code Configure}. */
    public ProviderConfig config() {
        return config;
    }

    // --- plugin life cycle -----------------------------------------------------------------------

    @Override
    public void handshake(Provider.ProviderHandshakeRequest req, StreamObserver<Provider.ProviderHandshakeResponse> out) {
        engineAddress = req.getEngineAddress();
        // Not req.getProgramDirectory(): for a plugin that is the plugin's own directory. The
        // engine starts the plugin in the Pulumi program's directory, which is the working directory.
        reply(out, () -> Provider.ProviderHandshakeResponse.newBuilder()
                .setAcceptSecrets(true).setAcceptResources(true).setAcceptOutputs(false).build());
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
        reply(out, () -> {
            Provider.CheckResponse.Builder b = Provider.CheckResponse.newBuilder().setInputs(req.getNews());
            for (Checker.Failure f : ProviderConfig.check(Wire.decode(req.getNews()).values())) {
                b.addFailures(CheckFailure.newBuilder().setProperty(f.property()).setReason(f.reason()));
            }
            return b.build();
        });
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
            List<Checker.Failure> problems = ProviderConfig.check(values);
            if (!problems.isEmpty()) {
                throw Status.INVALID_ARGUMENT.withDescription("gpushare:" + problems.get(0).property() + ": "
                        + problems.get(0).reason()).asRuntimeException();
            }
            config = ProviderConfig.from(values, workingDirectory);
            log("configured: " + config);
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
            Kind kind = kind(req.getType(), req.getUrn());
            ObjectNode news = Wire.decode(req.getNews()).values();
            // Keep the inputs as sent (secret wrappers included): the engine stores what Check returns.
            Provider.CheckResponse.Builder b = Provider.CheckResponse.newBuilder().setInputs(req.getNews());
            if (Wire.containsUnknown(news)) return b.build(); // judged once known
            SortedMap<String, String> declared = declaredOrEmpty(news.path(Kind.CLUSTER).asString(""));
            for (Checker.Failure f : Checker.check(kind, news, declared)) {
                b.addFailures(CheckFailure.newBuilder().setProperty(f.property()).setReason(f.reason()));
            }
            return b.build();
        });
    }

    @Override
    public void diff(Provider.DiffRequest req, StreamObserver<Provider.DiffResponse> out) {
        reply(out, () -> {
            Kind kind = kind(req.getType(), req.getUrn());
            ObjectNode olds = Wire.decode(req.hasOldInputs() && req.getOldInputs().getFieldsCount() > 0
                    ? req.getOldInputs() : req.getOlds()).values();
            ObjectNode news = Wire.decode(req.getNews()).values();
            Map<String, PropertyDiff.Kind> changes = new TreeMap<>(
                    Differ.diff(kind, olds, news, new HashSet<>(req.getIgnoreChangesList())));
            if (changes.isEmpty()) changes.putAll(drift(kind, req.getId(), news));
            Provider.DiffResponse.Builder b = Provider.DiffResponse.newBuilder()
                    .setChanges(changes.isEmpty() ? Provider.DiffResponse.DiffChanges.DIFF_NONE
                            : Provider.DiffResponse.DiffChanges.DIFF_SOME)
                    .setHasDetailedDiff(true).setDeleteBeforeReplace(false);
            for (Map.Entry<String, PropertyDiff.Kind> c : changes.entrySet()) {
                b.addDiffs(c.getKey());
                b.putDetailedDiff(c.getKey(), PropertyDiff.newBuilder().setKind(c.getValue())
                        .setInputDiff(!Views.outputNames(kind).contains(c.getKey())).build());
                if (Differ.replaces(c.getValue())) b.addReplaces(c.getKey());
            }
            return b.build();
        });
    }

    @Override
    public void create(Provider.CreateRequest req, StreamObserver<Provider.CreateResponse> out) {
        reply(out, () -> {
            Kind kind = kind(req.getType(), req.getUrn());
            Wire.Decoded in = Wire.decode(req.getProperties());
            ResourceId id = idOf(kind, in.values());
            ObjectNode outputs = req.getPreview() ? preview(kind, id, in.values(), true) : apply(kind, id, in);
            return Provider.CreateResponse.newBuilder().setId(id.toString())
                    .setProperties(Wire.encode(outputs, in.secretKeys())).build();
        });
    }

    @Override
    public void update(Provider.UpdateRequest req, StreamObserver<Provider.UpdateResponse> out) {
        reply(out, () -> {
            Kind kind = kind(req.getType(), req.getUrn());
            Wire.Decoded in = Wire.decode(req.getNews());
            ResourceId id = idOf(kind, in.values());
            ObjectNode outputs = req.getPreview() ? preview(kind, id, in.values(), false) : apply(kind, id, in);
            return Provider.UpdateResponse.newBuilder().setProperties(Wire.encode(outputs, in.secretKeys())).build();
        });
    }

    @Override
    public void delete(Provider.DeleteRequest req, StreamObserver<Empty> out) {
        reply(out, () -> {
            ResourceId id = parseId(req.getId());
            ObjectNode old = Wire.decode(req.hasOldInputs() && req.getOldInputs().getFieldsCount() > 0
                    ? req.getOldInputs() : req.getProperties()).values();
            for (String o : Views.outputNames(id.kind())) old.remove(o);
            String fragment = Checker.fragment(old).toString();
            synchronized (lock) {
                try (Backend backend = open()) {
                    String stored = Converger.declared(backend, id.cluster(), id.key());
                    // After a create-before-delete replacement the key holds the NEW resource: keep it.
                    if (stored == null || !sameJson(stored, fragment)) {
                        log("delete " + id + ": declared fragment belongs to its replacement or is gone; nothing to remove");
                        return Empty.getDefaultInstance();
                    }
                    Converger.declaredStore(backend).undeclare(id.cluster(), id.key());
                    Converger.Result r = Converger.converge(backend, id.cluster(), id.key());
                    log("delete " + id + ": cluster now has " + r.state().instances().size() + " instances");
                }
            }
            return Empty.getDefaultInstance();
        });
    }

    @Override
    public void read(Provider.ReadRequest req, StreamObserver<Provider.ReadResponse> out) {
        reply(out, () -> {
            ResourceId id = parseId(req.getId());
            synchronized (lock) {
                try (Backend backend = open()) {
                    String stored = Converger.declared(backend, id.cluster(), id.key());
                    if (stored == null) return Provider.ReadResponse.getDefaultInstance(); // gone
                    ObjectNode inputs = (ObjectNode) Wire.JSON.readTree(stored);
                    inputs.put(Kind.CLUSTER, id.cluster());
                    ObjectNode props = inputs.deepCopy();
                    Views.put(props, id.kind(), id.name(), backend.read(id.cluster()).state());
                    if (props.has(Views.UNPLACED)) { // what did not fit is known from a plan, not from the store
                        ObjectNode predicted = inputs.deepCopy();
                        Views.put(predicted, id.kind(), id.name(),
                                Converger.predict(backend, id.cluster(), id.key(), stored).state());
                        props.set(Views.UNPLACED, predicted.get(Views.UNPLACED));
                    }
                    Set<String> secrets = req.hasInputs() ? Wire.decode(req.getInputs()).secretKeys() : Set.of();
                    return Provider.ReadResponse.newBuilder().setId(id.toString())
                            .setProperties(Wire.encode(sortedCopy(props), secrets))
                            .setInputs(Wire.encode(sortedCopy(inputs), secrets)).build();
                }
            }
        });
    }

    // --- the work --------------------------------------------------------------------------------

    private ObjectNode preview(Kind kind, ResourceId id, ObjectNode inputs, boolean creating) {
        ObjectNode outputs = inputs.deepCopy();
        // A new pool's instances depend on what other resources will place there: not known yet.
        if (Wire.containsUnknown(inputs) || config == null || creating && kind == Kind.CAPACITY_PROVIDER) {
            Views.putUnknown(outputs, kind);
            return outputs;
        }
        synchronized (lock) {
            try (Backend backend = open()) {
                Converger.Result r = Converger.predict(backend, id.cluster(), id.key(), Checker.fragment(inputs).toString());
                if (r.placed()) Views.put(outputs, kind, id.name(), r.state()); else Views.putUnknown(outputs, kind);
                if (!r.reasons().isEmpty()) log("preview " + id + ": " + String.join("; ", r.reasons()));
            }
        }
        return outputs;
    }

    private ObjectNode apply(Kind kind, ResourceId id, Wire.Decoded in) {
        if (cancelled.get()) throw Status.CANCELLED.withDescription("the update was cancelled; nothing was changed").asRuntimeException();
        ObjectNode outputs = in.values().deepCopy();
        Converger.Result r;
        synchronized (lock) {
            try (Backend backend = open()) {
                Converger.declaredStore(backend).declare(id.cluster(), id.key(), Checker.fragment(in.values()).toString());
                r = Converger.converge(backend, id.cluster(), id.key());
            }
        }
        Views.put(outputs, kind, id.name(), r.state());
        if (!r.reasons().isEmpty()) {
            // Declared, but not complete: the engine records the resource with these reasons and
            // calls Update on the next `up`, which plans again.
            Provider.ErrorResourceInitFailed detail = Provider.ErrorResourceInitFailed.newBuilder()
                    .setId(id.toString()).setProperties(Wire.encode(outputs, in.secretKeys()))
                    .setInputs(Wire.encode(in.values(), in.secretKeys())).addAllReasons(r.reasons()).build();
            com.google.rpc.Status status = com.google.rpc.Status.newBuilder().setCode(Status.Code.UNKNOWN.value())
                    .setMessage(id + " is declared but not complete: " + String.join("; ", r.reasons()))
                    .addDetails(Any.pack(detail)).build();
            throw StatusProto.toStatusRuntimeException(status);
        }
        return outputs;
    }

    /** Placement the engine would change for this resource although its inputs did not (out-of-band drift). */
    private Map<String, PropertyDiff.Kind> drift(Kind kind, String rawId, ObjectNode news) {
        if (config == null || Views.outputNames(kind).isEmpty() || Wire.containsUnknown(news)) return Map.of();
        ResourceId id = ResourceId.parse(rawId).orElse(null);
        if (id == null) return Map.of();
        synchronized (lock) {
            try (Backend backend = open()) {
                String stored = Converger.declared(backend, id.cluster(), id.key());
                if (stored == null) return Map.of();
                ObjectNode actual = Wire.JSON.createObjectNode(), desired = Wire.JSON.createObjectNode();
                Views.put(actual, kind, id.name(), backend.read(id.cluster()).state());
                Converger.Result r = Converger.predict(backend, id.cluster(), id.key(), Checker.fragment(news).toString());
                if (!r.placed()) return Map.of();
                Views.put(desired, kind, id.name(), r.state());
                Map<String, PropertyDiff.Kind> out = new TreeMap<>();
                for (String o : Views.outputNames(kind)) {
                    if (!o.equals(Views.UNPLACED) && !actual.get(o).equals(desired.get(o))) out.put(o, PropertyDiff.Kind.UPDATE);
                }
                return out;
            }
        }
    }

    private SortedMap<String, String> declaredOrEmpty(String cluster) {
        if (config == null || cluster.isEmpty()) return new TreeMap<>();
        synchronized (lock) {
            try (Backend backend = open()) {
                return new TreeMap<>(Converger.declaredStore(backend).declared(cluster));
            } catch (RuntimeException e) {
                log("check without the declared resources of " + cluster + ": " + e.getMessage());
                return new TreeMap<>();
            }
        }
    }

    private Backend open() {
        ProviderConfig c = config;
        return c == null ? Backends.open(Backends.DEFAULT_URL) : Backends.open(c.backendUrl(), c.token());
    }

    private static Kind kind(String type, String urn) {
        return Kind.ofToken(type).or(() -> Kind.ofUrn(urn)).orElseThrow(() -> Status.INVALID_ARGUMENT
                .withDescription("unknown resource type " + (type.isEmpty() ? urn : type) + "; gpushare has "
                        + java.util.Arrays.stream(Kind.values()).map(Kind::token).toList()).asRuntimeException());
    }

    private static ResourceId idOf(Kind kind, ObjectNode inputs) {
        return new ResourceId(inputs.path(Kind.CLUSTER).asString(""), kind, inputs.path(kind.nameProperty()).asString(""));
    }

    private static ResourceId parseId(String id) {
        return ResourceId.parse(id).orElseThrow(() -> Status.INVALID_ARGUMENT.withDescription("resource id " + id
                + " is not a gpushare id; use CLUSTER/SECTION/NAME, e.g. inference-prod/services/embedder").asRuntimeException());
    }

    private static boolean sameJson(String a, String b) {
        return Wire.JSON.readTree(a).equals(Wire.JSON.readTree(b));
    }

    private static ObjectNode sortedCopy(ObjectNode o) {
        ObjectNode out = Wire.JSON.createObjectNode();
        new java.util.TreeSet<>(o.propertyNames()).forEach(k -> out.set(k, o.get(k)));
        return out;
    }

    private static void log(String message) {
        System.err.println("gpushare-provider: " + message);
    }

    /** Runs {@code body}; every failure becomes a deliberate gRPC status (never an accidental UNKNOWN). */
    private static <T> void reply(StreamObserver<T> out, Supplier<T> body) {
        T value;
        try {
            value = body.get();
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (BackendException e) {
            out.onError(Status.UNAVAILABLE.withDescription(e.getMessage()).asRuntimeException());
            return;
        } catch (IllegalArgumentException | dev.gpushare.model.problem.SpecException e) {
            out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
            return;
        } catch (RuntimeException e) {
            log("internal error: " + e);
            e.printStackTrace(System.err);
            out.onError(Status.INTERNAL.withDescription("gpushare provider bug: " + e).withCause(e).asRuntimeException());
            return;
        }
        out.onNext(value);
        out.onCompleted();
    }
}
