package dev.gpushare.engine.interop.ecs.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.Findings;
import dev.gpushare.model.io.JsonPointers;
import java.util.Iterator;
import java.util.NoSuchElementException;
import tools.jackson.databind.JsonNode;

/**
 * The entries of an ECS array that must be objects ({@code containerDefinitions},
 * {@code resourceRequirements}), for a loop: each object with its JSON Pointer. An entry that is
 * not an object is reported ({@code ECS_TYPE}) when the loop reaches it and passed over, so that
 * the problems stay in file order.
 *
 * @param array     the array
 * @param path      its JSON Pointer
 * @param findings  where a non-object entry is reported
 * @param notObject the problem's message for such an entry
 */
public record EcsObjects(JsonNode array, String path, Findings findings, String notObject) implements Iterable<EcsObjects.Entry> {
    /** One object of the array and where it is. */
    public record Entry(JsonNode node, String path) {}

    @Override
    public Iterator<Entry> iterator() {
        return new Iterator<>() {
            private int index;
            private Entry found;

            @Override
            public boolean hasNext() {
                while (found == null && index < array.size()) {
                    String at = JsonPointers.append(path, index);
                    JsonNode n = array.get(index++);
                    if (n.isObject()) found = new Entry(n, at);
                    else findings.add(at, InteropCode.ECS_TYPE, notObject);
                }
                return found != null;
            }

            @Override
            public Entry next() {
                if (!hasNext()) throw new NoSuchElementException();
                Entry e = found;
                found = null;
                return e;
            }
        };
    }
}
