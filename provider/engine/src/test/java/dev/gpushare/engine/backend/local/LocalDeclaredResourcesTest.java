package dev.gpushare.engine.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.backend.DeclaredResources;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local backend's declared resources (the Pulumi provider's per-resource fragments). */
class LocalDeclaredResourcesTest {
    @TempDir Path dir;

    private static tools.jackson.databind.node.ObjectNode json(String text) {
        return DeclaredResources.fromText(text);
    }

    @Test
    void declareReplaceUndeclareByClusterInKeyOrder() {
        try (LocalBackend b = LocalBackend.open(dir.resolve("state.db"))) {
            DeclaredResources d = b.declaredResources().orElseThrow();
            d.declare("c", "services/web", json("{\"desiredCount\":1}"));
            d.declare("c", "capacityProviders/l4", json("{}"));
            d.declare("other", "services/web", json("{\"desiredCount\":9}"));
            d.declare("c", "services/web", json("{\"desiredCount\":2}")); // replaces
            assertThat(d.declared("c")).containsExactly(
                    java.util.Map.entry("capacityProviders/l4", json("{}")),
                    java.util.Map.entry("services/web", json("{\"desiredCount\":2}")));
            d.undeclare("c", "services/web");
            d.undeclare("c", "services/absent"); // nothing to remove: no error
            assertThat(d.declared("c")).containsOnlyKeys("capacityProviders/l4");
            assertThat(d.declared("other")).containsOnlyKeys("services/web");
            assertThat(d.declared("never")).isEmpty();
        }
    }

    @Test
    void decimalsComeBackExactly() {
        try (LocalBackend b = LocalBackend.open(dir.resolve("state.db"))) {
            DeclaredResources d = b.declaredResources().orElseThrow();
            d.declare("c", "taskDefinitions/t", json("{\"containers\":[{\"gpu\":0.125}]}"));
            assertThat(d.declared("c").get("taskDefinitions/t").get("containers").get(0).get("gpu").decimalValue())
                    .isEqualByComparingTo("0.125");
            assertThat(d.declared("c").get("taskDefinitions/t")).isEqualTo(json("{\"containers\":[{\"gpu\":0.125}]}"));
        }
    }

    @Test
    void declarationsSurviveReopeningAndAnotherConnectionSeesThem() {
        Path file = dir.resolve("state.db");
        try (LocalBackend a = LocalBackend.open(file); LocalBackend b = LocalBackend.open(file)) {
            a.declaredResources().orElseThrow().declare("c", "endpoints/mig", json("{\"instanceCount\":1}"));
            assertThat(b.declaredResources().orElseThrow().declared("c")).containsOnlyKeys("endpoints/mig");
        }
        try (LocalBackend again = LocalBackend.open(file)) {
            assertThat(again.declaredResources().orElseThrow().declared("c")).containsOnlyKeys("endpoints/mig");
        }
    }

    @Test
    void aVersionOneFileIsUpgradedInPlace() throws Exception {
        Path file = dir.resolve("v1.db");
        // a store written before the declared table existed (version 1)
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE clusters(name TEXT PRIMARY KEY, revision INTEGER NOT NULL) WITHOUT ROWID");
            s.executeUpdate("INSERT INTO clusters VALUES ('c', 7)");
            s.executeUpdate("PRAGMA user_version = 1");
        }
        try (LocalBackend b = LocalBackend.open(file)) {
            assertThat(b.read("c").revision()).isEqualTo(7);
            b.declaredResources().orElseThrow().declare("c", "services/web", json("{}"));
            assertThat(b.declaredResources().orElseThrow().declared("c")).containsOnlyKeys("services/web");
            assertThat(b.clusters()).isEqualTo(List.of("c"));
        }
    }
}
