package dev.gpushare.pulumi.internal.kind;

import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gpushare:index:CapacityProvider}: a pool ({@code capacityProviders}); every input updates
 * in place. It has no placement outputs: its instances are decided by the services placed on it,
 * which the engine steps after it (they name it), so outputs recorded at its own step would be
 * stale after theirs. Read them after those services with {@code getCapacityProvider}
 * ({@link PoolFunction}).
 */
public record CapacityProviderKind() implements ResourceKind {
    private static final KindDeclaration DECLARATION = KindDeclaration.of("CapacityProvider");

    @Override
    public KindDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public ObjectNode outputValues(String name, ObjectNode inputs, ClusterView view) {
        return JsonNodeFactory.instance.objectNode();
    }
}
