package dev.gpushare.model.dsl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The optional settings of an endpoint, given to
 * {@link ClusterBuilder#endpoint(String, String, int, java.util.function.UnaryOperator)} as
 * {@code e -> e.partitionLayout("mig-3g.20gb", "mig-4g.20gb")}. Immutable: each setter returns a
 * new value. Without a layout the endpoint's GPUs are whole.
 */
public final class EndpointOptions {
    static final EndpointOptions DEFAULTS = new EndpointOptions(null);

    private final List<String> partitionLayout;

    private EndpointOptions(List<String> partitionLayout) {
        this.partitionLayout = partitionLayout == null ? null : List.copyOf(partitionLayout);
    }

    /**
     * The MIG layout of every GPU of the endpoint, profiles in the order given (order matters for
     * updates: a reordered layout is a new layout); at least one profile.
     */
    public EndpointOptions partitionLayout(String first, String... more) {
        List<String> layout = new ArrayList<>();
        layout.add(MigProfileName.of(first).name());
        for (String name : more) {
            layout.add(MigProfileName.of(name).name());
        }
        return new EndpointOptions(layout);
    }

    /** As {@link #partitionLayout(String, String...)}, with typed profile names. */
    public EndpointOptions partitionLayout(MigProfileName first, MigProfileName... more) {
        List<String> layout = new ArrayList<>();
        layout.add(Objects.requireNonNull(first, "first").name());
        for (MigProfileName name : more) {
            layout.add(Objects.requireNonNull(name, "profile").name());
        }
        return new EndpointOptions(layout);
    }

    /** {@code null} when the GPUs are whole. */
    List<String> partitionLayout() {
        return partitionLayout;
    }
}
