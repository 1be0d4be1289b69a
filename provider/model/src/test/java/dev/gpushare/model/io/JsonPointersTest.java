package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPointersTest {

    @Test
    void escapesAndUnescapesPerRfc6901() {
        String p = JsonPointers.append(JsonPointers.append("", "a/b"), "m~n");
        assertThat(p).isEqualTo("/a~1b/m~0n");
        assertThat(JsonPointers.tokens(p)).containsExactly("a/b", "m~n");
        assertThat(JsonPointers.of(JsonPointers.tokens(p))).isEqualTo(p);
        assertThat(JsonPointers.tokens("")).isEmpty();
    }

    @Test
    void parentOfPointers() {
        assertThat(JsonPointers.parent("/services/3/name")).isEqualTo("/services/3");
        assertThat(JsonPointers.parent("/cluster")).isEmpty();
        assertThat(JsonPointers.parent("")).isEmpty();
    }

    @Test
    void documentOrderComparesIndexesNumerically() {
        List<String> paths = new ArrayList<>(List.of(
                "/services/10/name", "/services/2", "/cluster", "", "/services/2/desiredCount", "/services/10"));
        paths.sort(JsonPointers.ORDER);
        assertThat(paths).containsExactly(
                "", "/cluster", "/services/2", "/services/2/desiredCount", "/services/10", "/services/10/name");
    }
}
