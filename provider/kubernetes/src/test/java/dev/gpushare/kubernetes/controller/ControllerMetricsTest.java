package dev.gpushare.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ControllerMetricsTest {
    @Test
    void theFiguresTheIssueAsksForInTheTextFormat() {
        ControllerMetrics m = new ControllerMetrics();
        m.reconciled("applied");
        m.reconciled("applied");
        m.reconciled("converged");
        // 7 s and 45 s: the first in the 10 s bucket and up, the second in 60 s and up
        m.repaired(Duration.ofSeconds(7));
        m.repaired(Duration.ofSeconds(45));
        m.queueDepth(() -> 3);
        m.converged("fleet", Instant.ofEpochSecond(1_800_000_000L));
        m.leader(true);
        String t = m.text();
        assertThat(t).contains("gpushare_controller_reconciles_total{result=\"applied\"} 2")
                .contains("gpushare_controller_reconciles_total{result=\"error\"} 0")
                .contains("gpushare_controller_repairs_total 2")
                .contains("gpushare_controller_unhealthy_to_replaced_seconds_bucket{le=\"5.0\"} 0")
                .contains("gpushare_controller_unhealthy_to_replaced_seconds_bucket{le=\"10.0\"} 1")
                .contains("gpushare_controller_unhealthy_to_replaced_seconds_bucket{le=\"60.0\"} 2")
                .contains("gpushare_controller_unhealthy_to_replaced_seconds_count 2")
                .contains("gpushare_controller_queue_depth 3")
                .contains("gpushare_controller_last_converged_timestamp_seconds{cluster=\"fleet\"} 1.8E9")
                .contains("gpushare_controller_leader 1");
        assertThat(m.reconciles("applied")).isEqualTo(2);
    }
}
