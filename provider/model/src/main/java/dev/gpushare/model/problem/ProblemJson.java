package dev.gpushare.model.problem;

import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Problems as the JSON documents list them (CONTRACT.md §2): {@code {"file", "path", "code",
 * "message"}}, with {@code line} and {@code column} after those four when known.
 */
public final class ProblemJson {
    private ProblemJson() {}

    public static ArrayNode toTree(List<Problem> problems) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (Problem p : problems) {
            ObjectNode o = list.addObject();
            o.put("file", p.file());
            o.put("path", p.path());
            o.put("code", p.code().name());
            o.put("message", p.message());
            if (p.location() != null) {
                o.put("line", p.location().line());
                o.put("column", p.location().column());
            }
        }
        return list;
    }
}
