package dev.gpushare.engine.placement.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class NaturalTest {

    @Test
    void ordersByNameThenNumber() {
        List<String> ids = new ArrayList<>(List.of("l4-10", "l4-2", "a10-1", "l4-0", "emb/11", "emb/3", "emb-x/0", "l4-02"));
        ids.sort(Natural.IDS);
        // names first ("a10-" < "emb-x/" < "emb/" < "l4-"), then numbers as numbers; "02" = 2, tie broken by text
        assertThat(ids).containsExactly("a10-1", "emb-x/0", "emb/3", "emb/11", "l4-0", "l4-02", "l4-2", "l4-10");
    }

    @Test
    void consistentWithEquals() {
        assertThat(Natural.compare("svc/7", "svc/7")).isZero();
        assertThat(Natural.compare("svc", "svc/0")).isNegative();
        assertThat(Natural.compare("123", "45")).isNegative(); // no name part: compared as text
    }
}
