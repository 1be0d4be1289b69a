package dev.gpushare.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.server.HttpBackend;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code gpushare serve --reconcile} processes (each its own JVM) on one PostgreSQL: exactly
 * one reconciles; an instance marked unhealthy through the API is replaced by it with no further
 * call; SIGKILL it, mark another instance, and the other server replaces that one. Throughout,
 * every copy runs once and no instance is launched twice: the final fleet is exactly what one
 * server would have made.
 *
 * <p>The fleet: 3 instances of g6.12xlarge (minInstances 3) and one service of 12 copies of 8,192
 * MiB (8 per instance): l4-mps-0 (8), l4-mps-1 (4), l4-mps-2 (empty). Replacing l4-mps-0 launches
 * l4-mps-3; replacing l4-mps-1 then launches the lowest free id, l4-mps-0 again: 3 instances, 12
 * copies at the end.
 */
@EnabledIfEnvironmentVariable(named = "GPUSHARE_TEST_PG_URL", matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class ReconcileReplicasTest {
    static final String TOKEN = "replicas-test-token-0123456789";
    static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: replicas
            capacityProviders:
              - name: l4-mps
                instanceType: g6.12xlarge
                minInstances: 3
                gpuSharing: {strategy: MPS, maxClientsPerGpu: 8}
            taskDefinitions:
              - family: svc
                containers:
                  - name: model
                    image: ghcr.io/acme/model:1
                    gpu: {nvidiaMps: {memory: 8192, maxComputePercent: 40}}
            services:
              - name: svc
                taskDefinition: svc
                capacityProvider: l4-mps
                desiredCount: 12
            """;

    @TempDir Path dir;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopAll() throws Exception {
        for (Process p : started) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        // what each server said about reconciling, for the report
        for (String name : List.of("a", "b")) {
            Path err = dir.resolve("serve-" + name + ".err");
            if (!Files.exists(err)) continue;
            for (String line : Files.readAllLines(err)) {
                if (line.startsWith("gpushare serve:")) System.out.println("server " + name + ": " + line);
            }
        }
    }

    @Test
    void oneReconcilesAndTheOtherTakesOverWhenItIsKilled() throws Exception {
        String pg = System.getenv("GPUSHARE_TEST_PG_URL");
        try (Connection c = DriverManager.getConnection(pg); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS clusters, cluster_instances, cluster_allocations, apply_keys, declared_resources, cluster_specs, health_marks, agent_heartbeats,"
                    + " gpushare_schema_history CASCADE");
        }
        Path tokens = Files.writeString(dir.resolve("tokens"), TOKEN + "\n");
        Process a = serve(pg, tokens, "a");
        String urlA = listening(a);
        Process b = serve(pg, tokens, "b");
        String urlB = listening(b);

        Spec spec = Pipeline.check("spec.yaml", SPEC).orThrow().spec();
        try (Gpushare gs = client(urlA)) {
            assertThat(gs.converge(spec).converged()).isTrue();
            assertThat(ids(gs.status("replicas"))).containsExactly("l4-mps-0", "l4-mps-1", "l4-mps-2");
        }
        // exactly one leads
        String leader = await(() -> leads(urlA) != leads(urlB) ? (leads(urlA) ? "a" : "b") : null, Duration.ofSeconds(30));
        Process leaderProcess = leader.equals("a") ? a : b;
        String leaderUrl = leader.equals("a") ? urlA : urlB;
        String otherUrl = leader.equals("a") ? urlB : urlA;

        try (Gpushare gs = client(otherUrl)) { // the mark may go to either server: both write the one database
            gs.markUnhealthy("replicas", "l4-mps-0", "mps-daemon-unresponsive");
        }
        FleetState first = awaitState(otherUrl, s -> !ids(s).contains("l4-mps-0"), Duration.ofSeconds(60));
        assertThat(ids(first)).containsExactly("l4-mps-1", "l4-mps-2", "l4-mps-3");
        assertEveryCopyOnce(first);
        // the counter moves just after the last batch commits: wait for it rather than race it
        awaitMetric(leaderUrl, "gpushare_repairs_total", 1);
        assertThat(metric(otherUrl, "gpushare_repairs_total")).isEqualTo(0);

        leaderProcess.destroyForcibly(); // SIGKILL: its session, and the advisory lock with it, goes
        leaderProcess.waitFor(10, TimeUnit.SECONDS);
        long t0 = System.nanoTime();
        await(() -> leads(otherUrl) ? "yes" : null, Duration.ofSeconds(30));
        System.out.printf("ReconcileReplicasTest: the other server leads %d ms after the SIGKILL%n", (System.nanoTime() - t0) / 1_000_000);

        try (Gpushare gs = client(otherUrl)) {
            gs.markUnhealthy("replicas", "l4-mps-1", "mps-daemon-unresponsive");
        }
        FleetState second = awaitState(otherUrl, s -> !ids(s).contains("l4-mps-1"), Duration.ofSeconds(60));
        // the replacement takes the lowest free id: l4-mps-0, free since the first repair
        assertThat(ids(second)).containsExactly("l4-mps-0", "l4-mps-2", "l4-mps-3");
        assertThat(second.instances()).allMatch(i -> i.healthy());
        assertEveryCopyOnce(second);
        awaitMetric(otherUrl, "gpushare_repairs_total", 1);
        // settled: nothing more to do
        try (Gpushare gs = client(otherUrl)) {
            assertThat(gs.plan(spec).isEmpty()).isTrue();
        }
        // SIGTERM: the loop and the server stop within seconds
        Process survivor = leaderProcess == a ? b : a;
        survivor.destroy();
        assertThat(survivor.waitFor(20, TimeUnit.SECONDS)).as("stopped on SIGTERM").isTrue();
    }

    private Process serve(String pg, Path tokens, String name) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve",
                "--port", "0", "--store", pg, "--token-file", tokens.toString(), "--reconcile", "--repair-grace", "1s",
                "--format", "json")
                .redirectError(dir.resolve("serve-" + name + ".err").toFile())
                .start();
        started.add(p);
        return p;
    }

    private static String listening(Process p) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    int i = l.indexOf("\"listening\":\"");
                    if (i >= 0) return l.substring(i + 13, l.indexOf('"', i + 13));
                }
                throw new IllegalStateException("gpushare serve ended before listening");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).get(90, TimeUnit.SECONDS);
    }

    private static Gpushare client(String url) {
        return Gpushare.using(HttpBackend.connect(url, TOKEN, HttpBackend.Options.defaults()));
    }

    private static boolean leads(String url) {
        try {
            return metric(url, "gpushare_reconcile_leader") == 1;
        } catch (Exception e) {
            return false; // a killed server answers nothing
        }
    }

    private static long metric(String url, String name) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/metrics"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        for (String line : r.body().split("\n")) {
            if (line.startsWith(name + " ")) return (long) Double.parseDouble(line.substring(name.length() + 1).strip());
        }
        throw new AssertionError(name + " is not in /metrics of " + url);
    }

    private static void awaitMetric(String url, String name, long value) throws InterruptedException {
        await(() -> {
            try {
                return metric(url, name) == value ? "yes" : null;
            } catch (Exception | AssertionError e) {
                return null; // a busy server (503) answers no metrics this time
            }
        }, Duration.ofSeconds(20));
    }

    private static <T> T await(java.util.function.Supplier<T> probe, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            T v = probe.get();
            if (v != null) return v;
            if (System.nanoTime() > deadline) throw new AssertionError("not within " + within);
            Thread.sleep(100);
        }
    }

    private static FleetState awaitState(String url, Predicate<FleetState> done, Duration within) throws InterruptedException {
        return await(() -> {
            try (Gpushare gs = client(url)) {
                FleetState s = gs.status("replicas");
                return done.test(s) ? s : null;
            }
        }, within);
    }

    private static List<String> ids(FleetState s) {
        return s.instances().stream().map(i -> i.id().toString()).toList();
    }

    private static void assertEveryCopyOnce(FleetState s) {
        List<String> tasks = s.instances().stream().flatMap(i -> i.gpus().stream()).flatMap(g -> g.allocations().stream())
                .map(a -> a.task().toString()).sorted().toList();
        assertThat(tasks).hasSize(12).doesNotHaveDuplicates();
    }
}
