package dev.gpushare.engine.placement.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.state.TaskId;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.gpushare.model.PlacementStrategy;

/** Task id → position, exactly as a map of every id {@code GROUP/N} would answer. */
class CopyIndexTest {

    private static List<CopyRequest> runs(String... groupsAndCounts) {
        List<CopyRequest> out = new ArrayList<>();
        for (int i = 0; i < groupsAndCounts.length; i += 2) {
            String g = groupsAndCounts[i];
            for (int n = 0; n < Integer.parseInt(groupsAndCounts[i + 1]); n++) {
                out.add(new CopyRequest(new TaskId(g, n), PlacementStrategy.BINPACK, 0, 0, List.of(), Form.NONE, 0));
            }
        }
        return out;
    }

    // copies: emb/0..2 at 0..2, a/b/0..1 at 3..4 (a group name with a slash), x/0..9 at 5..14,
    // Aa/0 at 15 and BB/0 at 16 (equal String hash codes: the probe must compare the text)
    @ParameterizedTest
    @CsvSource({
            "emb/0, 0", "emb/2, 2", "emb/3, -1", "emb/-1, -1", "emb/02, -1", "emb/, -1", "emb, -1", "em/1, -1",
            "embx/1, -1", "a/b/1, 4", "a/b/2, -1", "a/1, -1", "x/9, 14", "x/10, -1", "x/0, 5", "x/00, -1",
            "Aa/0, 15", "BB/0, 16", "AaBB/0, -1", "/0, -1", "emb/1x, -1", "emb/99999999999, -1"})
    void answersAsAMapOfEveryId(String task, int expected) {
        List<CopyRequest> copies = runs("emb", "3", "a/b", "2", "x", "10", "Aa", "1", "BB", "1");
        assertThat(CopyIndex.of(copies).indexOf(TaskId.parse(task))).isEqualTo(expected);
        assertThat(expected < 0 || copies.get(expected).task().equals(TaskId.parse(task))).isTrue();
    }

    // a group that comes twice (not runs of GROUP/0..n-1): the map of every id; the later copy of a
    // duplicated id wins, as Map.put does: dup/0 at 0 and 2, dup/1 at 1
    @ParameterizedTest
    @CsvSource({"dup/0, 2", "dup/1, 1", "dup/2, -1", "one/0, 3"})
    void aGroupTwiceFallsBackToTheMap(String task, int expected) {
        List<CopyRequest> copies = runs("dup", "2", "dup", "1", "one", "1");
        assertThat(CopyIndex.of(copies).indexOf(TaskId.parse(task))).isEqualTo(expected);
    }
}
