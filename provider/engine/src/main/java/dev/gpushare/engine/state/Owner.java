package dev.gpushare.engine.state;

import java.util.Objects;

/** What an instance belongs to: a capacity provider (ECS) or an endpoint (SageMaker). */
public sealed interface Owner {
    /** The capacity provider's or endpoint's name in the spec. */
    String name();

    /** The state document's field for it: {@code capacityProvider} or {@code endpoint}. */
    String field();

    record CapacityProvider(String name) implements Owner {
        public CapacityProvider {
            Objects.requireNonNull(name, "name");
        }

        @Override public String field() { return "capacityProvider"; }

        // written out for the reason given on InstanceId's; the same values as generated (the name's hash)
        @Override public boolean equals(Object o) { return o == this || o instanceof CapacityProvider other && name.equals(other.name); }

        @Override public int hashCode() { return name.hashCode(); }
    }

    record Endpoint(String name) implements Owner {
        public Endpoint {
            Objects.requireNonNull(name, "name");
        }

        @Override public String field() { return "endpoint"; }

        // written out for the reason given on InstanceId's; the same values as generated (the name's hash)
        @Override public boolean equals(Object o) { return o == this || o instanceof Endpoint other && name.equals(other.name); }

        @Override public int hashCode() { return name.hashCode(); }
    }

    /** {@code field name}, as state text and plan text print an owner. */
    default String label() {
        return field() + " " + name();
    }
}
