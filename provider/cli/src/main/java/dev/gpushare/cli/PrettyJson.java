package dev.gpushare.cli;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON as export and import print it: Jackson's default pretty printer. */
final class PrettyJson {
    private PrettyJson() {}

    /** Built on first use, not when the command tree is made (every command makes it: start-up time). */
    private static final class Mapper {
        static final JsonMapper JSON = JsonMapper.builder().build();
    }

    static String of(JsonNode tree) {
        return Mapper.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
    }
}
