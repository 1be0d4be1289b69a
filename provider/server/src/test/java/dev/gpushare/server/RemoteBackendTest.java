package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.local.LocalBackend;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP client backend against an in-process server on the embedded (SQLite) store. */
class RemoteBackendTest {
    @TempDir Path dir;
    private PlacementServer server;

    @BeforeEach
    void start() {
        server = TestServers.embedded(dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void planApplyStatusDestroyWorkAsWithTheLocalBackend() {
        // 3 services × 4 copies of 8192 MiB: two per L4, so 6 GPUs' worth on 2 instances (minInstances 2)
        Spec spec = Specs.spec("team-a", 2, 3, 4);
        FleetState remote;
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            Plan plan = gs.plan(spec);
            assertThat(plan.revision()).isZero();
            assertThat(plan.isEmpty()).isFalse();
            ApplyOutcome outcome = gs.apply(plan);
            assertThat(outcome).isInstanceOf(ApplyOutcome.Applied.class);
            remote = gs.status("team-a");
            assertThat(remote.summary().allocations()).isEqualTo(12);
            assertThat(gs.snapshot("team-a").revision()).isEqualTo(((ApplyOutcome.Applied) outcome).revision());
            assertThat(gs.plan(spec).isEmpty()).as("plan after apply").isTrue();
            assertThat(gs.clusters()).containsExactly("team-a");
        }
        // the same spec through a local file gives the same state
        try (Gpushare local = Gpushare.using(LocalBackend.open(dir.resolve("local.db")))) {
            local.apply(local.plan(spec));
            assertThat(local.status("team-a")).isEqualTo(remote);
        }
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            assertThat(gs.destroy("team-a")).isTrue();
            assertThat(gs.destroy("team-a")).isFalse();
            // the destroy is a write: the revision moves on past the apply's and is never reused
            assertThat(gs.snapshot("team-a").revision()).isEqualTo(2);
            assertThat(gs.snapshot("team-a").state().instances()).isEmpty();
            assertThat(gs.clusters()).isEmpty();
        }
    }

    @Test
    void backendsOpenFindsTheHttpClientAndUsesTheTokenItIsGiven() {
        // The Pulumi provider passes its secret `token` config this way instead of GPUSHARE_TOKEN.
        try (var backend = Backends.open(server.url(), TestServers.TOKEN)) {
            assertThat(backend).isInstanceOf(HttpBackend.class);
            assertThat(backend.clusters()).isEmpty();
        }
        try (var backend = Backends.open(server.url(), "not-a-token-of-this-server")) {
            assertThatThrownBy(backend::clusters).isInstanceOfSatisfying(BackendException.class,
                    e -> assertThat(e.code().name()).isEqualTo("BACKEND_UNAUTHORIZED"));
        }
    }

    @Test
    void aStaleRevisionIsAConflictAndReplanningResolvesIt() {
        Spec small = Specs.spec("team-b", 1, 1, 2);
        Spec larger = Specs.spec("team-b", 1, 1, 3);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            Plan first = gs.plan(small);
            Plan stale = gs.plan(larger); // made at the same revision 0
            long after = ((ApplyOutcome.Applied) gs.apply(first)).revision();
            ApplyOutcome outcome = gs.apply(stale);
            assertThat(outcome).isInstanceOfSatisfying(ApplyOutcome.Conflict.class, c -> {
                assertThat(c.conflict().expectedRevision()).isZero();
                assertThat(c.conflict().currentRevision()).isEqualTo(after);
                assertThat(c.appliedBefore()).isZero();
            });
            assertThat(gs.status("team-b").summary().allocations()).as("nothing of the stale plan written").isEqualTo(2);
            assertThat(gs.apply(gs.plan(larger))).isInstanceOf(ApplyOutcome.Applied.class);
            assertThat(gs.status("team-b").summary().allocations()).isEqualTo(3);
        }
    }

    @Test
    void aRetriedApplyWithTheSameKeyIsAppliedOnce() {
        try (HttpBackend client = TestServers.client(server); Gpushare gs = Gpushare.using(TestServers.client(server))) {
            Plan plan = gs.plan(Specs.spec("team-c", 1, 1, 2));
            BatchResult first = client.apply("team-c", 0, plan.actions(), "key-1");
            // the answer was "lost": the client sends the same request again
            BatchResult again = client.apply("team-c", 0, plan.actions(), "key-1");
            assertThat(first).isEqualTo(new BatchResult.Committed(1));
            assertThat(again).isEqualTo(first);
            assertThat(gs.snapshot("team-c").revision()).isEqualTo(1);
            // a new key at the old revision is a new request: refused
            assertThat(client.apply("team-c", 0, plan.actions(), "key-2"))
                    .isEqualTo(new BatchResult.RevisionConflict("team-c", 0, 1));
        }
    }

    @Test
    void markUnhealthyBumpsTheRevisionAndTheNextPlanReplacesTheInstance() {
        Spec spec = Specs.spec("team-d", 1, 1, 2);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(spec));
            String id = gs.status("team-d").instances().getFirst().id().toString();
            long before = gs.snapshot("team-d").revision();
            assertThat(gs.markUnhealthy("team-d", id, "mps-daemon-unresponsive")).isEqualTo(before + 1);
            assertThat(gs.status("team-d").instances().getFirst().healthy()).isFalse();
            assertThat(gs.plan(spec).isEmpty()).isFalse();
            assertThatThrownBy(() -> gs.markUnhealthy("team-d", "no-such-instance", "x"))
                    .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("UNKNOWN_INSTANCE"));
        }
    }

    @Test
    void backendsOpenFindsTheHttpClientForHttpUrls() {
        // without GPUSHARE_TOKEN the provider is found and asks for the token (not "not available")
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv(HttpBackend.TOKEN_ENV) == null);
        assertThatThrownBy(() -> Backends.open(server.url()))
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.code().name()).isEqualTo("BACKEND_UNAUTHORIZED");
                    assertThat(e.getMessage()).contains("GPUSHARE_TOKEN");
                });
    }

    @Test
    void errorsSayWhoIsAtFault() {
        try (HttpBackend wrongToken = HttpBackend.connect(server.url(), "not-the-token-0123456789", HttpBackend.Options.defaults())) {
            assertThatThrownBy(() -> wrongToken.read("team-e"))
                    .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("BACKEND_UNAUTHORIZED"));
        }
        try (HttpBackend client = TestServers.client(server)) {
            assertThatThrownBy(() -> client.read("Not_A_Cluster"))
                    .isInstanceOfSatisfying(BackendException.class, e -> {
                        assertThat(e.code().name()).isEqualTo("BACKEND_REJECTED");
                        assertThat(e.getMessage()).contains("INVALID_CLUSTER", "input");
                    });
        }
        String url = server.url();
        server.close();
        try (HttpBackend down = HttpBackend.connect(url, TestServers.TOKEN, HttpBackend.Options.defaults().withAttempts(2))) {
            assertThatThrownBy(() -> down.read("team-e"))
                    .isInstanceOfSatisfying(BackendException.class, e -> {
                        assertThat(e.code().name()).isEqualTo("BACKEND_NETWORK");
                        assertThat(e.getMessage()).contains("cannot reach");
                    });
        }
        server = TestServers.embedded(dir); // for @AfterEach
    }
}
