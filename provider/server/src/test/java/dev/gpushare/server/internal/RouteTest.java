package dev.gpushare.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A route's template, cut once when the route is made, matches a path exactly as the template read
 * segment by segment does: literal segments equal, a {@code {name}} segment takes any non-empty one, and
 * the same number of segments; a path is cut as {@code split("/", -1)} less a leading empty segment.
 */
class RouteTest {
    private static final Route.Handler NONE = r -> {
        throw new AssertionError("not called");
    };

    static Stream<Arguments> matches() {
        return Stream.of(
                // template, path, the parameters (null: no match)
                Arguments.of("/healthz", "/healthz", Map.of()),
                Arguments.of("/healthz", "/healthz/", null),
                Arguments.of("/healthz", "/health", null),
                Arguments.of("/healthz", "/", null),
                Arguments.of("/healthz", "", null),
                Arguments.of("/v1/clusters", "/v1/clusters", Map.of()),
                Arguments.of("/v1/clusters", "/v1/clusters/", null),
                Arguments.of("/v1/clusters", "/v1//clusters", null),
                Arguments.of("/v1/clusters/{cluster}", "/v1/clusters/team-a", Map.of("cluster", "team-a")),
                Arguments.of("/v1/clusters/{cluster}", "/v1/clusters/", null),
                Arguments.of("/v1/clusters/{cluster}", "/v1/clusters", null),
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters/team-a/state", Map.of("cluster", "team-a")),
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters//state", null),
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters/team-a/State", null),
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters/team-a/state/", null),
                Arguments.of("/v1/clusters/{cluster}/state", "v1/clusters/team-a/state", Map.of("cluster", "team-a")),
                // a parameter takes whatever the segment holds: the handler checks it
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters/{cluster}/state", Map.of("cluster", "{cluster}")),
                Arguments.of("/v1/clusters/{cluster}/state", "/v1/clusters/Team_A%20x/state", Map.of("cluster", "Team_A%20x")),
                Arguments.of("/v1/clusters/{cluster}/instances/{instance}/report", "/v1/clusters/c/instances/i-1/report",
                        Map.of("cluster", "c", "instance", "i-1")),
                Arguments.of("/v1/clusters/{cluster}/instances/{instance}/report", "/v1/clusters/c/instances//report", null),
                Arguments.of("/v1/clusters/{cluster}/declared/{section}/{name}", "/v1/clusters/c/declared/services/web",
                        Map.of("cluster", "c", "section", "services", "name", "web")),
                Arguments.of("/v1/clusters/{cluster}/declared/{section}/{name}", "/v1/clusters/c/declared/services", null),
                // braces only around a whole segment make a parameter
                Arguments.of("/a/{b", "/a/{b", Map.of()),
                Arguments.of("/a/{b", "/a/x", null),
                Arguments.of("/a/b}", "/a/x", null));
    }

    @ParameterizedTest(name = "{0} ~ \"{1}\" → {2}")
    @MethodSource("matches")
    void matchesAsTheTemplateReads(String template, String path, Map<String, String> params) {
        Route route = new Route("GET", template, NONE);
        List<String> segments = Route.split(path);
        assertThat(route.match(segments)).isEqualTo(params);
        assertThat(route.matches(segments)).isEqualTo(params != null);
    }

    static Stream<Arguments> splits() {
        return Stream.of(
                Arguments.of("", List.of()),
                Arguments.of("/", List.of("")),
                Arguments.of("//", List.of("", "")),
                Arguments.of("/a", List.of("a")),
                Arguments.of("a", List.of("a")),
                Arguments.of("a/", List.of("a", "")),
                Arguments.of("/a/b/", List.of("a", "b", "")),
                Arguments.of("/a//b", List.of("a", "", "b")),
                Arguments.of("//a", List.of("", "a")));
    }

    @ParameterizedTest(name = "\"{0}\" → {1}")
    @MethodSource("splits")
    void cutsAPathAsSplitDoesLessALeadingEmptySegment(String path, List<String> segments) {
        assertThat(Route.split(path)).isEqualTo(segments);
        List<String> bySplit = new java.util.ArrayList<>(List.of(path.split("/", -1)));
        if (bySplit.getFirst().isEmpty()) bySplit.removeFirst();
        assertThat(Route.split(path)).isEqualTo(bySplit);
    }

    @Test
    void keepsItsMethodTemplateHandlerAndLabel() {
        Route route = new Route("POST", "/v1/clusters/{cluster}/plan", NONE);
        assertThat(route.method()).isEqualTo("POST");
        assertThat(route.template()).isEqualTo("/v1/clusters/{cluster}/plan");
        assertThat(route.handler()).isSameAs(NONE);
        assertThat(route.label()).isEqualTo("POST /v1/clusters/{cluster}/plan");
    }
}
