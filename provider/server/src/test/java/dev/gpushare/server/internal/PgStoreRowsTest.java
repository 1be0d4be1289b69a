package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.server.TestServers;
import dev.gpushare.engine.backend.BatchResult;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.plan.Fleet;
import dev.gpushare.engine.plan.StateFold;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.TaskId;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The PostgreSQL store writes what a batch changes: a row (an instance's, an allocation's) the batch
 * does not change keeps its row version ({@code xmin}, the transaction that wrote it); and a store
 * of version 2 (a state document per cluster) is migrated to rows holding the same snapshot.
 */
@EnabledIfEnvironmentVariable(named = "GPUSHARE_TEST_PG_URL", matches = "jdbc:postgresql:.+",
        disabledReason = "no PostgreSQL: run `. .ci/start-postgres` to set GPUSHARE_TEST_PG_URL")
class PgStoreRowsTest {
    private static final String URL = System.getenv("GPUSHARE_TEST_PG_URL");

    /** l4-0, l4-1, l4-2: idle g6.12xlarge instances of provider l4 (4 × L4 each). */
    private static List<Action> launches() {
        return List.of(new Action.LaunchInstance(Fleet.mpsInstance("l4-0", "l4", List.of()), null, null),
                new Action.LaunchInstance(Fleet.mpsInstance("l4-1", "l4", List.of()), null, null),
                new Action.LaunchInstance(Fleet.mpsInstance("l4-2", "l4", List.of()), null, null));
    }

    @BeforeEach
    void reset() throws Exception {
        TestServers.resetPg();
    }

    @Test
    void aBatchWritesOnlyTheRowsItChanges() throws Exception {
        try (PgStore store = PgStore.open(URL, 2)) {
            assertThat(store.apply("c", 0, launches(), null)).isEqualTo(new BatchResult.Committed(1));
            Map<String, String> launched = versions("cluster_instances", "instance");
            assertThat(launched).containsOnlyKeys("l4-0", "l4-1", "l4-2");

            // two copies placed on l4-1: their allocation rows are written, no instance row
            assertThat(store.apply("c", 1, List.of(place("web/0", "l4-1", 0), place("web/1", "l4-1", 1)), null))
                    .isEqualTo(new BatchResult.Committed(2));
            assertThat(versions("cluster_instances", "instance")).isEqualTo(launched);
            Map<String, String> placed = versions("cluster_allocations", "task");
            assertThat(placed).containsOnlyKeys("web/0", "web/1");

            // web/1 stopped: its row is deleted, web/0's kept; a mark on l4-2 writes l4-2's row only
            Action stop = new Action.StopCopy(TaskId.parse("web/1"),
                    List.of(new Action.Placement(InstanceId.parse("l4-1"), 1, Fleet.mps("web/1", 1, 4096, null))));
            assertThat(store.apply("c", 2, List.of(stop), null)).isEqualTo(new BatchResult.Committed(3));
            assertThat(versions("cluster_allocations", "task")).containsExactlyEntriesOf(Map.of("web/0", placed.get("web/0")));
            store.markUnhealthy("c", "l4-2", "gone");
            Map<String, String> marked = versions("cluster_instances", "instance");
            assertThat(marked.get("l4-2")).isNotEqualTo(launched.get("l4-2"));
            assertThat(marked).containsEntry("l4-0", launched.get("l4-0")).containsEntry("l4-1", launched.get("l4-1"));

            // terminating l4-1 deletes its row and its copy's
            assertThat(store.apply("c", 4, List.of(new Action.TerminateInstance(InstanceId.parse("l4-1"), "retired")), null))
                    .isEqualTo(new BatchResult.Committed(5));
            assertThat(versions("cluster_instances", "instance")).containsOnlyKeys("l4-0", "l4-2");
            assertThat(versions("cluster_allocations", "task")).isEmpty();
        }
        // what a fresh store reads (no cache) is what was written
        try (PgStore store = PgStore.open(URL, 2)) {
            assertThat(store.apply("c", 5, List.of(place("web/0", "l4-0", 2)), null)).isEqualTo(new BatchResult.Committed(6));
        }
        try (PgStore store = PgStore.open(URL, 2)) {
            Snapshot s = store.read("c");
            assertThat(s.revision()).isEqualTo(6);
            assertThat(s.state().instances()).extracting(i -> i.id().toString()).containsExactly("l4-0", "l4-2");
            assertThat(s.state().instances().get(1).healthy()).isFalse();
            assertThat(s.state().instances().get(0).gpus().get(2).allocations()).extracting(a -> a.task().toString())
                    .containsExactly("web/0");
        }
    }

    /** Copy {@code task} (4,096 MiB MPS) on GPU {@code gpu} of {@code instance}. */
    private static Action place(String task, String instance, int gpu) {
        return new Action.PlaceCopy(TaskId.parse(task),
                List.of(new Action.Placement(InstanceId.parse(instance), gpu, Fleet.mps(task, gpu, 4096, null))));
    }

    @Test
    void aVersion2DocumentMovesIntoInstanceRows() throws Exception {
        Flyway.configure().dataSource(URL, null, null).locations("classpath:dev/gpushare/server/db/migration")
                .table("gpushare_schema_history").target("2").load().migrate();
        // l4-10 sorts before l4-2 as text, after it as an id: the read must order by id
        FleetState state = StateFold.normalize(Fleet.state("c",
                Fleet.mpsInstance("l4-10", "l4", List.of(List.of(Fleet.mps("web/0", 0, 4096, 25)))),
                Fleet.mpsInstance("l4-2", "l4", List.of()),
                Fleet.p4d("ep-0", "ep", List.of(new dev.gpushare.engine.state.MigPartition("3g.20gb", 4, 19968)),
                        List.of(Fleet.onPartition("m/0", "3g.20gb", 4)))));
        try (Connection c = DriverManager.getConnection(URL);
             PreparedStatement ps = c.prepareStatement("INSERT INTO clusters(name, revision, state, declared_layouts) VALUES (?, ?, ?, ?)")) {
            ps.setString(1, "c");
            ps.setLong(2, 7);
            ps.setString(3, StateJson.toJson(state));
            ps.setString(4, "{\"ep-0\": [\"3g.20gb\"]}");
            ps.executeUpdate();
        }
        try (PgStore store = PgStore.open(URL, 2)) {
            Snapshot s = store.read("c");
            assertThat(s).isEqualTo(new Snapshot(state, 7, Map.of(InstanceId.parse("ep-0"), List.of("3g.20gb"))));
            assertThat(versions("cluster_instances", "instance")).containsOnlyKeys("ep-0", "l4-10", "l4-2");
            assertThat(versions("cluster_allocations", "task")).containsOnlyKeys("web/0", "m/0");
            assertThat(store.clusters()).containsExactly("c");
        }
    }

    /** Each row's version (the id of the transaction that last wrote it) by {@code key}. */
    private static Map<String, String> versions(String table, String key) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(URL); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + key + ", xmin::text FROM " + table + " WHERE cluster = 'c'")) {
            while (rs.next()) out.put(rs.getString(1), rs.getString(2));
        }
        return out;
    }
}
