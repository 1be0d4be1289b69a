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
    }

    record Endpoint(String name) implements Owner {
        public Endpoint {
            Objects.requireNonNull(name, "name");
        }

        @Override public String field() { return "endpoint"; }
    }

    /** {@code field name}, as state text and plan text print an owner. */
    default String label() {
        return field() + " " + name();
    }
}
