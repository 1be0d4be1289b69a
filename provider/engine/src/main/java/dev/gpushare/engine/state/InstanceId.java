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

    // Written out, with the values a record's generated methods give (31 × the name's hash + the
    // number): the generated ones are bound through method handles on their first call, which
    // costs a short command milliseconds per record and runs slowly until compiled, and ids are
    // compared and hashed by the hundred thousand (placement, the stored baseline, the diff).
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof InstanceId other && ordinal == other.ordinal && owner.equals(other.owner);
    }

    @Override
    public int hashCode() {
        return 31 * owner.hashCode() + ordinal;
    }

    @JsonValue
    @Override
    public String toString() {
        return Numbered.text(owner, '-', ordinal);
    }
}
