package dev.gpushare.pulumi;

import com.google.protobuf.Empty;
import com.google.protobuf.Struct;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pulumirpc.Provider;
import pulumirpc.ResourceProviderGrpc.ResourceProviderBlockingStub;

/**
 * Drives a provider the way the Pulumi engine does (reference §1.3, §1.7), keeping the stack's
 * checkpoint in memory: {@code preview}, {@code up}, {@code refresh}, {@code destroy}. Each step
 * records the calls and their outcome in {@link #log}, so tests can assert the engine's view.
 */
final class EngineDriver {
    static final String STACK = "urn:pulumi:dev::gpushare-demo::";

    /**
     * One resource of a program: its type name (e.g. Service), logical name and inputs (JSON). An
     * input {@code "${other.prop}"} takes output {@code prop} of the program's resource {@code other}
     * (declared before it), as the engine resolves a reference once that resource's step is done.
     */
    record Res(String type, String name, String inputsJson) {
        String token() {
            return "gpushare:index:" + type;
        }

        String urn() {
            return STACK + token() + "::" + name;
        }
    }

    /** What the checkpoint holds for a resource. */
    record Stored(Res res, String id, Struct inputs, Struct outputs, List<String> initErrors) {}

    /** Per resource of the last operation: what the engine would show (create, update, replace, same, delete, failed). */
    final Map<String, String> steps = new LinkedHashMap<>();
    final Map<String, Stored> state = new LinkedHashMap<>();
    /** Per resource of the last operation that had a Diff: the properties it named (inputs and outputs). */
    final Map<String, List<String>> diffs = new LinkedHashMap<>();
    final List<String> log = new ArrayList<>();
    private final ResourceProviderBlockingStub stub;
    private Struct config;

    EngineDriver(ResourceProviderBlockingStub stub) {
        this.stub = stub;
    }

    /** Provider start: Handshake → GetPluginInfo → CheckConfig → Configure. */
    void start(String configJson, String programDirectory) {
        Provider.ProviderHandshakeRequest.Builder h = Provider.ProviderHandshakeRequest.newBuilder()
                .setEngineAddress("127.0.0.1:1").setConfigureWithUrn(true).setAcceptsByteString(true);
        if (programDirectory != null) h.setProgramDirectory(programDirectory);
        stub.handshake(h.build());
        stub.getPluginInfo(Empty.getDefaultInstance());
        Provider.CheckResponse checked = stub.checkConfig(Provider.CheckRequest.newBuilder()
                .setUrn(STACK + "pulumi:providers:gpushare::default").setNews(Props.struct(configJson))
                .setOlds(Struct.getDefaultInstance()).build());
        if (checked.getFailuresCount() > 0) throw new IllegalStateException("config: " + checked.getFailuresList());
        config = checked.getInputs();
        configure();
    }

    /**
     * Configure: the engine starts a provider process per operation (preview, the update pass of
     * up, refresh, destroy) and configures it once; so does this driver, which makes the provider
     * forget what an earlier preview declared.
     */
    private void configure() {
        stub.configure(Provider.ConfigureRequest.newBuilder().setArgs(config)
                .setAcceptSecrets(true).setAcceptResources(true).setSendsOldInputs(true).setSendsOldInputsToDelete(true).build());
    }

    /** {@code pulumi preview}: nothing is written; returns each resource's predicted outputs. */
    Map<String, Struct> preview(List<Res> program) {
        return run(program, true);
    }

    /** {@code pulumi up --skip-preview}. Throws when a Check fails (the engine stops the update). */
    Map<String, Struct> up(List<Res> program) {
        return run(program, false);
    }

    private Map<String, Struct> run(List<Res> program, boolean preview) {
        configure();
        steps.clear();
        diffs.clear();
        Map<String, Struct> outputs = new LinkedHashMap<>();
        for (Res r : program) {
            Stored old = state.get(r.urn());
            Provider.CheckResponse checked = check(r, old == null ? Struct.getDefaultInstance() : old.inputs(), outputs);
            if (checked.getFailuresCount() > 0) {
                steps.put(r.name(), "failed");
                throw new CheckFailed(r, checked.getFailuresList());
            }
            Struct news = checked.getInputs();
            if (old == null) {
                outputs.put(r.name(), create(r, news, preview));
                continue;
            }
            Provider.DiffResponse diff = stub.diff(Provider.DiffRequest.newBuilder().setId(old.id()).setUrn(r.urn())
                    .setOlds(old.outputs()).setNews(news).setOldInputs(old.inputs()).setName(r.name()).setType(r.token()).build());
            log.add("Diff " + r.name() + " " + diff.getChanges() + " replaces=" + diff.getReplacesList() + " diffs=" + diff.getDiffsList());
            diffs.put(r.name(), diff.getDiffsList());
            boolean replace = diff.getReplacesCount() > 0;
            if (diff.getChanges() == Provider.DiffResponse.DiffChanges.DIFF_NONE && old.initErrors().isEmpty()) {
                steps.put(r.name(), "same");
                if (!preview) state.put(r.urn(), new Stored(r, old.id(), news, old.outputs(), List.of()));
                outputs.put(r.name(), old.outputs());
            } else if (replace) {
                // replacement: Check again with empty olds, Create the new one, Delete the old one after
                Struct renews = check(r, Struct.getDefaultInstance(), outputs).getInputs();
                outputs.put(r.name(), create(r, renews, preview));
                steps.put(r.name(), "replace");
                if (!preview) delete(old);
            } else {
                Provider.UpdateResponse u = call(r, () -> stub.update(Provider.UpdateRequest.newBuilder().setId(old.id())
                        .setUrn(r.urn()).setOlds(old.outputs()).setNews(news).setOldInputs(old.inputs()).setPreview(preview)
                        .setName(r.name()).setType(r.token()).build()));
                steps.put(r.name(), "update");
                if (u != null) {
                    outputs.put(r.name(), u.getProperties());
                    if (!preview) state.put(r.urn(), new Stored(r, old.id(), news, u.getProperties(), List.of()));
                }
            }
        }
        if (!preview) {
            List<Stored> gone = new ArrayList<>();
            for (Stored s : state.values()) if (program.stream().noneMatch(r -> r.urn().equals(s.res().urn()))) gone.add(s);
            java.util.Collections.reverse(gone);
            for (Stored s : gone) {
                delete(s);
                steps.put(s.res().name(), "delete");
            }
        }
        return outputs;
    }

    private Struct create(Res r, Struct news, boolean preview) {
        try {
            Provider.CreateResponse c = stub.create(Provider.CreateRequest.newBuilder().setUrn(r.urn()).setProperties(news)
                    .setPreview(preview).setName(r.name()).setType(r.token()).build());
            log.add("Create " + r.name() + (preview ? " (preview)" : "") + " id=" + c.getId());
            steps.putIfAbsent(r.name(), "create");
            if (!preview) state.put(r.urn(), new Stored(r, c.getId(), news, c.getProperties(), List.of()));
            return c.getProperties();
        } catch (StatusRuntimeException e) {
            Provider.ErrorResourceInitFailed init = initFailed(e);
            if (init == null) throw e;
            log.add("Create " + r.name() + " init-failed " + init.getReasonsList());
            steps.put(r.name(), "init-failed");
            state.put(r.urn(), new Stored(r, init.getId(), news, init.getProperties(), init.getReasonsList()));
            return init.getProperties();
        }
    }

    private <T> T call(Res r, java.util.function.Supplier<T> rpc) {
        try {
            return rpc.get();
        } catch (StatusRuntimeException e) {
            Provider.ErrorResourceInitFailed init = initFailed(e);
            if (init == null) throw e;
            log.add(r.name() + " init-failed " + init.getReasonsList());
            Stored old = state.get(r.urn());
            state.put(r.urn(), new Stored(r, old.id(), old.inputs(), init.getProperties(), init.getReasonsList()));
            return null;
        }
    }

    private void delete(Stored s) {
        stub.delete(Provider.DeleteRequest.newBuilder().setId(s.id()).setUrn(s.res().urn()).setProperties(s.outputs())
                .setOldInputs(s.inputs()).setName(s.res().name()).setType(s.res().token()).build());
        log.add("Delete " + s.res().name());
        if (state.get(s.res().urn()) == s) state.remove(s.res().urn());
    }

    private Provider.CheckResponse check(Res r, Struct olds, Map<String, Struct> outputsSoFar) {
        return stub.check(Provider.CheckRequest.newBuilder().setUrn(r.urn()).setOlds(olds)
                .setNews(Props.struct(resolve(r.inputsJson(), outputsSoFar))).setName(r.name()).setType(r.token()).build());
    }

    private static final java.util.regex.Pattern REFERENCE = java.util.regex.Pattern.compile("\"\\$\\{(\\w+)\\.(\\w+)}\"");

    /** The inputs with each {@code "${res.prop}"} replaced by that output's value (unknown in a preview stays unknown). */
    private static String resolve(String inputsJson, Map<String, Struct> outputsSoFar) {
        java.util.regex.Matcher m = REFERENCE.matcher(inputsJson);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Struct of = outputsSoFar.get(m.group(1));
            if (of == null || !of.containsFields(m.group(2))) {
                throw new IllegalStateException("program refers to " + m.group() + " before that resource or output exists");
            }
            String value = Props.json(Struct.newBuilder().putFields("v", of.getFieldsOrThrow(m.group(2))).build());
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(value.substring("{\"v\":".length(), value.length() - 1)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code pulumi refresh}: Read every resource, then Diff with the arguments inverted. Returns the drifted ones. */
    List<String> refresh() {
        configure();
        List<String> drifted = new ArrayList<>();
        for (Stored s : new ArrayList<>(state.values())) {
            Provider.ReadResponse read = stub.read(Provider.ReadRequest.newBuilder().setId(s.id()).setUrn(s.res().urn())
                    .setProperties(s.outputs()).setInputs(s.inputs()).setName(s.res().name()).setType(s.res().token()).build());
            if (read.getId().isEmpty()) {
                state.remove(s.res().urn());
                drifted.add(s.res().name() + " (gone)");
                continue;
            }
            Provider.DiffResponse diff = stub.diff(Provider.DiffRequest.newBuilder().setId(read.getId()).setUrn(s.res().urn())
                    .setOlds(read.getProperties()).setOldInputs(read.getInputs()).setNews(s.inputs())
                    .setName(s.res().name()).setType(s.res().token()).build());
            if (diff.getChanges() == Provider.DiffResponse.DiffChanges.DIFF_SOME) drifted.add(s.res().name() + " " + diff.getDiffsList());
            state.put(s.res().urn(), new Stored(s.res(), read.getId(), read.getInputs(), read.getProperties(), s.initErrors()));
        }
        return drifted;
    }

    /** {@code pulumi destroy}: Delete in reverse order. */
    void destroy() {
        configure();
        List<Stored> all = new ArrayList<>(state.values());
        java.util.Collections.reverse(all);
        for (Stored s : all) delete(s);
    }

    static Provider.ErrorResourceInitFailed initFailed(StatusRuntimeException e) {
        com.google.rpc.Status status = StatusProto.fromThrowable(e);
        if (status == null) return null;
        for (com.google.protobuf.Any a : status.getDetailsList()) {
            if (a.is(Provider.ErrorResourceInitFailed.class)) {
                try {
                    return a.unpack(Provider.ErrorResourceInitFailed.class);
                } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
                    throw new IllegalStateException(ex);
                }
            }
        }
        return null;
    }

    /** A Check failure: the engine prints "property P value V has a problem: REASON" and stops. */
    static final class CheckFailed extends RuntimeException {
        final transient List<Provider.CheckFailure> failures;

        CheckFailed(Res r, List<Provider.CheckFailure> failures) {
            super(r.token() + " resource '" + r.name() + "': " + failures);
            this.failures = failures;
        }
    }
}
