package dev.gpushare.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/** {@link TaskId} and {@link InstanceId}: their text form, their one order, their JSON. */
class IdsTest {
    @ParameterizedTest(name = "{0} → ({1}, {2})")
    @CsvSource({
            "embedder/0, embedder, 0", "embedder/12, embedder, 12", "a/b/3, a/b, 3", "x/999999999, x, 999999999",
            // not GROUP/N (leading zero, too long, no number, no group, control characters): kept as text, -1
            "svc/07, svc/07, -1", "svc/1234567890, svc/1234567890, -1", "svc/, svc/, -1", "svc, svc, -1", "/3, /3, -1",
            "svc/1x, svc/1x, -1"})
    void taskIdsParseAndPrintBack(String text, String group, int ordinal) {
        TaskId id = TaskId.parse(text);
        assertThat(id).isEqualTo(new TaskId(group, ordinal));
        assertThat(id.numbered()).isEqualTo(ordinal >= 0);
        assertThat(id.toString()).isEqualTo(text);
    }

    @ParameterizedTest(name = "{0} → ({1}, {2})")
    @CsvSource({"l4-0, l4, 0", "l4-shared-10, l4-shared, 10", "a-1-2, a-1, 2", "l4-01, l4-01, -1", "l4, l4, -1", "-1, -1, -1"})
    void instanceIdsParseAndPrintBack(String text, String owner, int ordinal) {
        InstanceId id = InstanceId.parse(text);
        assertThat(id).isEqualTo(new InstanceId(owner, ordinal));
        assertThat(id.toString()).isEqualTo(text);
    }

    @Test
    void oneOrderByNameThenNumberAsPeopleCount() {
        // as text, ex-10 and ex-11 would come before ex-2, and ex-mps-0 before ex-9
        List<InstanceId> ids = new ArrayList<>();
        for (String s : List.of("ex-mps-0", "ex-11", "ex-2", "ex-10", "ex-0", "ex-9", "ex.b-0")) ids.add(InstanceId.parse(s));
        ids.sort(null);
        assertThat(ids).extracting(InstanceId::toString).containsExactly("ex-0", "ex-2", "ex-9", "ex-10", "ex-11", "ex-mps-0", "ex.b-0");

        List<TaskId> tasks = new ArrayList<>();
        for (String s : List.of("svc/10", "svc/2", "svc-b/0", "svc/0", "sv/99")) tasks.add(TaskId.parse(s));
        tasks.sort(null);
        assertThat(tasks).extracting(TaskId::toString).containsExactly("sv/99", "svc/0", "svc/2", "svc/10", "svc-b/0");
    }

    @Test
    void anInstanceBelongsToTheOwnerItIsNamedAfter() {
        assertThat(InstanceId.parse("l4-shared-3").of(new Owner.CapacityProvider("l4-shared"))).isTrue();
        assertThat(InstanceId.parse("l4-shared-3").of(new Owner.Endpoint("l4-shared"))).isTrue(); // ids name the owner, not its kind
        assertThat(InstanceId.parse("l4-shared-3").of(new Owner.CapacityProvider("l4"))).isFalse();
        assertThat(InstanceId.parse("l4-03").of(new Owner.CapacityProvider("l4"))).isFalse();
    }

    /** Records Jackson maps (a Kubernetes pod's allocations) hold ids as the contract's text. */
    @Test
    void jacksonWritesAndReadsTheTextForm() {
        JsonMapper mapper = JsonMapper.builder().build();
        Allocation a = new Allocation(new TaskId("embedder", 12), "model", 4096L, 25, null, Map.of("K", "V"));
        String json = mapper.writeValueAsString(a);
        assertThat(json).contains("\"task\":\"embedder/12\"");
        assertThat(mapper.readValue(json, Allocation.class)).isEqualTo(a);
        assertThat(mapper.writeValueAsString(new InstanceId("l4", 10))).isEqualTo("\"l4-10\"");
        assertThat(mapper.readValue("\"l4-10\"", InstanceId.class)).isEqualTo(new InstanceId("l4", 10));
    }

    /**
     * The ids and owners write their equality out (for speed); it is the records' own: equal exactly
     * when every component is, and the hash a record's generated method gives (31 × the name's
     * hash + the number; the name's hash for an owner), so maps keyed by them iterate as before.
     */
    @ParameterizedTest(name = "({0}, {1}) and ({2}, {3}): {4}")
    @CsvSource({"svc, 3, svc, 3, true", "svc, 3, svc, 4, false", "svc, 3, svd, 3, false", "svc, -1, svc, -1, true",
            "'', 0, '', 0, true", "a, 1, b, 0, false"})
    void idsAreEqualExactlyWhenTheirPartsAre(String name, int n, String otherName, int m, boolean equal) {
        TaskId t = new TaskId(name, n), u = new TaskId(otherName, m);
        InstanceId i = new InstanceId(name, n), j = new InstanceId(otherName, m);
        assertThat(t.equals(u)).isEqualTo(equal);
        assertThat(u.equals(t)).isEqualTo(equal);
        assertThat(i.equals(j)).isEqualTo(equal);
        assertThat(j.equals(i)).isEqualTo(equal);
        assertThat(t.hashCode()).isEqualTo(31 * name.hashCode() + n);
        assertThat(i.hashCode()).isEqualTo(31 * name.hashCode() + n);
        if (equal) assertThat(t.hashCode()).isEqualTo(u.hashCode());
        assertThat(t.equals(i)).as("a task id is not an instance id").isFalse();
        assertThat(t.equals(null)).isFalse();
        Owner cp = new Owner.CapacityProvider(name), ep = new Owner.Endpoint(name);
        assertThat(cp.equals(new Owner.CapacityProvider(otherName))).isEqualTo(name.equals(otherName));
        assertThat(ep.equals(new Owner.Endpoint(otherName))).isEqualTo(name.equals(otherName));
        assertThat(cp.equals(ep)).as("a capacity provider is not an endpoint of the same name").isFalse();
        assertThat(cp.hashCode()).isEqualTo(name.hashCode());
        assertThat(ep.hashCode()).isEqualTo(name.hashCode());
    }
}
