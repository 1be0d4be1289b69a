package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.backend.Backend;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The clusters one provider process works on: the backend it opens for each call, one call at a
 * time (the engine calls in parallel; a plan is computed and applied against one revision), and
 * what the previews of this deployment declared.
 *
 * <p>A preview writes nothing, so the resources a {@code pulumi preview} creates or changes are
 * remembered here (one provider process serves one deployment) and the resources checked, diffed
 * and previewed after them are predicted with them: a service after its replaced task definition
 * shows the copies the new one gives.
 */
public final class Clusters {
    private final Object lock = new Object();
    private final Supplier<Backend> opener;
    private final Convergence convergence = new Convergence();
    private final Map<String, SortedMap<String, ObjectNode>> previewed = new HashMap<>();

    public Clusters(Supplier<Backend> opener) {
        this.opener = opener;
    }

    /** The plans and baselines kept between calls (tests). */
    Convergence convergence() {
        return convergence;
    }

        /** Runs {@code work} with the backend open, alone. */
    public <T> T with(Function<Session, T> work) {
        synchronized (lock) {
            try (Backend backend = opener.get()) {
                return work.apply(new Session(backend, convergence, previewed));
            }
        }
    }
}
