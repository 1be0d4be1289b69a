package dev.gpushare.engine.state;

import dev.gpushare.engine.state.internal.Numbered;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * An instance's identity: instance {@code ordinal} (from 0) of the capacity provider or endpoint
 * named {@code owner}, written {@code OWNER-N}. Instances order by owner, then by number as people
 * count ({@code l4-2} before {@code l4-10}); every listing uses this one order.
 *
 * <p>An id read from outside that is not {@code OWNER-N} keeps its text as {@code owner} with
 * {@code ordinal} -1 (see {@link TaskId}).
 */
public record InstanceId(String owner, int ordinal) implements Comparable<InstanceId> {
    public InstanceId {
        Objects.requireNonNull(owner, "owner");
        Numbered.checkOrdinal(ordinal);
    }

    /**
     * The id written {@code text}: {@code OWNER-N}, else {@code (text, -1)}. Jackson reads and writes
     * ids in this text form too (records it maps, such as a Kubernetes pod's allocations, hold text).
     */
    @JsonCreator
    public static InstanceId parse(String text) {
        return Numbered.parse(text, '-', InstanceId::new);
    }

    /** True when it is {@code OWNER-N}, as the solver makes ids. */
    public boolean numbered() {
        return ordinal >= 0;
    }

    /** True when it is instance N of {@code o}. */
    public boolean of(Owner o) {
        return ordinal >= 0 && owner.equals(o.name());
    }

    @Override
    public int compareTo(InstanceId o) {
        return Numbered.compare(owner, ordinal, o.owner, o.ordinal);
    }

    @JsonValue
    @Override
    public String toString() {
        return Numbered.text(owner, '-', ordinal);
    }
}
