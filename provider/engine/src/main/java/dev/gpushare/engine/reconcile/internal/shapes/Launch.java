package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.state.Instance;
import dev.gpushare.model.InstanceTypeDef;
import java.util.List;

/** What a launch or a replacement starts: the instance, its declared MIG layout and declared type. */
record Launch(Instance instance, List<String> declaredLayout, InstanceTypeDef declaredType) {
    /** The launch {@code action} makes, or null when it launches nothing. */
    static Launch of(Action action) {
        return switch (action) {
            case Action.LaunchInstance l -> new Launch(l.instance(), l.declaredLayout(), l.declaredType());
            case Action.ReplaceInstance r -> new Launch(r.instance(), r.declaredLayout(), r.declaredType());
            default -> null;
        };
    }

    LaunchType type(String path, Catalog catalog) {
        return LaunchType.of(instance, declaredType, path, catalog);
    }
}
