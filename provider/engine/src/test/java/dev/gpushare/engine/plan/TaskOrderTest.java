package dev.gpushare.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskOrderTest {
    @Test
    void namesThenCopyNumbersAsNumbers() {
        List<String> tasks = new ArrayList<>(List.of("b/0", "a/10", "a/2", "a-x/1", "a/1", "ab/0", "a/x", "plain"));
        tasks.sort(TaskOrder.TASKS);
        // "a" < "a-x" < "ab" < "b" by name; within "a": 1 < 2 < 10 numerically, "x" after digits as text
        assertThat(tasks).containsExactly("a/1", "a/2", "a/10", "a/x", "a-x/1", "ab/0", "b/0", "plain");
    }
}
