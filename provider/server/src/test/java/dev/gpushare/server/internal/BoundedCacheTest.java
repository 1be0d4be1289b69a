package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BoundedCacheTest {
    @Test
    void holdsAtMostItsCapacityDroppingTheLeastRecentlyUsed() {
        BoundedCache<String, Integer> c = new BoundedCache<>(3);
        for (int i = 0; i < 10_000; i++) c.put("cluster-" + i, i);
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.get("cluster-9999")).isEqualTo(9999);
        assertThat(c.get("cluster-0")).isNull();
        // a read keeps an entry: 9997 was read last, so 9998 goes when one more comes
        c.get("cluster-9997");
        c.put("new", -1);
        assertThat(c.get("cluster-9998")).isNull();
        assertThat(c.get("cluster-9997")).isEqualTo(9997);
    }

    @Test
    void metricSeriesStopAtTheirBoundAndCountWhatTheyDrop() {
        Metrics m = new Metrics();
        var state = dev.gpushare.engine.state.FleetState.empty("x");
        for (int i = 0; i < ClusterSeries.MAX_CLUSTERS + 50; i++) m.planned("c-" + i, 1);
        assertThat(m.clusterSeries()).isEqualTo(ClusterSeries.MAX_CLUSTERS);
        assertThat(m.render()).contains("gpushare_metric_series_dropped_total 50");
        m.forget("c-0");
        m.observed(state);
        assertThat(m.render()).contains("gpushare_unplaced_copies{cluster=\"c-1\"} 1").doesNotContain("cluster=\"c-0\"");
    }
}
