package dev.gpushare.engine.interop.ecs.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.engine.interop.internal.Findings;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.EnvironmentVariable;
import dev.gpushare.model.HealthCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * What an ECS container definition runs beyond its image, read into the spec's shapes: {@code
 * entryPoint} and {@code command} (string arrays), {@code environment} (name/value pairs) and {@code
 * healthCheck} (ECS's HealthCheck, with ECS's ranges). Absent or {@code null} fields are {@code null}.
 */
public final class EcsContainerRun {
    /** ECS's ranges of the health check's numbers: field, lowest, highest. */
    private record Range(String field, int min, int max) {}

    private static final List<Range> RANGES = List.of(
            new Range("interval", 5, 300), new Range("timeout", 2, 60), new Range("retries", 1, 10), new Range("startPeriod", 0, 300));

    private EcsContainerRun() {}

    /** {@code entryPoint} or {@code command}: an array of strings. */
    public static List<String> strings(JsonNode container, String field, String cPath, Findings findings) {
        JsonNode n = container.get(field);
        if (n == null || n.isNull()) return null;
        String path = JsonPointers.append(cPath, field);
        List<String> out = stringList(n, path, findings, field);
        return out == null || out.isEmpty() ? null : out;
    }

    public static List<EnvironmentVariable> environment(JsonNode container, String cPath, Findings findings) {
        String path = JsonPointers.append(cPath, "environment");
        JsonNode n = field(container, "environment", path, JsonNode::isArray,
                "environment must be an array of {\"name\": ..., \"value\": ...} objects.", findings);
        if (n == null) return null;
        List<EnvironmentVariable> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode v = n.get(i);
            String vPath = JsonPointers.append(path, i);
            String name = v.isObject() ? CloudJson.string(v.get("name")) : null;
            JsonNode value = v.isObject() ? v.get("value") : null;
            if (!v.isObject()) {
                findings.add(vPath, InteropCode.ECS_TYPE, "An environment entry must be an object {\"name\": ..., \"value\": ...}.");
            } else if (name == null || name.isBlank()) {
                findings.add(vPath, InteropCode.ECS_REQUIRED, "The environment entry needs a name (a non-empty string).");
            } else if (value != null && !value.isNull() && !value.isString()) {
                findings.add(JsonPointers.append(vPath, "value"), InteropCode.ECS_TYPE,
                        "The value of " + name + " must be a string (ECS takes strings only); write \"" + value + "\".");
            } else {
                out.add(new EnvironmentVariable(name, value == null || value.isNull() ? "" : value.stringValue()));
            }
        }
        return out;
    }

    public static HealthCheck healthCheck(JsonNode container, String cPath, Findings findings) {
        String path = JsonPointers.append(cPath, "healthCheck");
        JsonNode n = field(container, "healthCheck", path, JsonNode::isObject,
                "healthCheck must be an object with command (and interval, timeout, retries, startPeriod).", findings);
        if (n == null) return null;
        JsonNode c = n.get("command");
        if (c == null || c.isNull()) {
            findings.add(path, InteropCode.ECS_REQUIRED, "healthCheck needs a command, e.g. [\"CMD-SHELL\", \"curl -f http://localhost/ || exit 1\"].");
            return null;
        }
        String cmdPath = JsonPointers.append(path, "command");
        List<String> command = stringList(c, cmdPath, findings, "healthCheck.command");
        if (command == null) return null;
        String head = command.isEmpty() ? null : command.getFirst();
        if (!HealthCheck.CMD.equals(head) && !HealthCheck.CMD_SHELL.equals(head) || command.size() < 2) {
            findings.add(cmdPath, InteropCode.ECS_HEALTH_CHECK_INVALID,
                    "healthCheck.command must start with \"CMD\" followed by the program and its arguments, or \"CMD-SHELL\" followed by a shell command; got " + c + ".");
            return null;
        }
        Integer[] values = new Integer[RANGES.size()];
        boolean ok = true;
        for (int i = 0; i < RANGES.size(); i++) {
            Range r = RANGES.get(i);
            JsonNode v = n.get(r.field());
            if (v == null || v.isNull()) continue;
            Long l = v.isNumber() ? CloudJson.wholeNumber(v) : null;
            if (l == null || l < r.min() || l > r.max()) {
                findings.add(JsonPointers.append(path, r.field()), InteropCode.ECS_HEALTH_CHECK_INVALID,
                        "healthCheck." + r.field() + " must be a whole number from " + r.min() + " to " + r.max() + "; got " + v + ".");
                ok = false;
            } else {
                values[i] = l.intValue();
            }
        }
        return ok ? new HealthCheck(command, values[0], values[1], values[2], values[3]) : null;
    }

    /**
     * Field {@code name} of {@code container} (at {@code path}) when {@code type} accepts it; {@code null}
     * when it is absent or {@code null}, and, with an {@code ECS_TYPE} finding that says what it
     * {@code mustBe}, when it is of another JSON type.
     */
    private static JsonNode field(JsonNode container, String name, String path, Predicate<JsonNode> type, String mustBe, Findings findings) {
        JsonNode n = container.get(name);
        if (n == null || n.isNull()) return null;
        if (!type.test(n)) {
            findings.add(path, InteropCode.ECS_TYPE, mustBe);
            return null;
        }
        return n;
    }

    private static List<String> stringList(JsonNode n, String path, Findings findings, String what) {
        if (!n.isArray()) {
            findings.add(path, InteropCode.ECS_TYPE, what + " must be an array of strings, e.g. [\"--port\", \"8080\"].");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            String s = CloudJson.string(n.get(i));
            if (s == null) {
                findings.add(JsonPointers.append(path, i), InteropCode.ECS_TYPE, what + " items must be strings; got " + n.get(i) + ".");
                return null;
            }
            out.add(s);
        }
        return out;
    }
}
