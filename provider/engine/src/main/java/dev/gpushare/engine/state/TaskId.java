package dev.gpushare.engine.state;

import dev.gpushare.engine.state.internal.Numbered;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * A copy's identity: copy {@code ordinal} (from 0) of the service or inference component
 * {@code group}, written {@code GROUP/N}. Copies order by group, then by number as people count
 * ({@code svc/2} before {@code svc/10}); every listing (solver, state, stores, plans, pictures)
 * uses this one order.
 *
 * <p>An id read from outside (a saved plan, a request) that is not {@code GROUP/N} with N written
 * without leading zeros keeps its text as {@code group} with {@code ordinal} -1, so that the
 * apply-time check can name it; the solver never makes one.
 */
public record TaskId(String group, int ordinal) implements Comparable<TaskId> {
    public TaskId {
        Objects.requireNonNull(group, "group");
        Numbered.checkOrdinal(ordinal);
    }

    /**
     * The id written {@code text}: {@code GROUP/N}, else {@code (text, -1)}. Jackson reads and writes
     * ids in this text form too (records it maps, such as a Kubernetes pod's allocations, hold text).
     */
    @JsonCreator
    public static TaskId parse(String text) {
        return Numbered.parse(text, '/', TaskId::new);
    }

    /** True when it is {@code GROUP/N}, as the solver makes ids. */
    public boolean numbered() {
        return ordinal >= 0;
    }

    @Override
    public int compareTo(TaskId o) {
        return Numbered.compare(group, ordinal, o.group, o.ordinal);
    }

    // written out for the reason given on InstanceId's (the same values as generated)
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof TaskId other && ordinal == other.ordinal && group.equals(other.group);
    }

    @Override
    public int hashCode() {
        return 31 * group.hashCode() + ordinal;
    }

    @JsonValue
    @Override
    public String toString() {
        return Numbered.text(group, '/', ordinal);
    }
}
