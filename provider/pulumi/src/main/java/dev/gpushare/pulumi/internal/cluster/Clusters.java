package dev.gpushare.pulumi.internal.cluster;

import dev.gpushare.engine.backend.Backend;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The clusters one provider process works on: the backend, opened on the first call and kept open
 * for the next ones (so the state it read and wrote stays in memory: a read at an unchanged revision
 * is one row), one call at a time (the engine calls in parallel; a plan is computed and applied
 * against one revision), the declared fragments ({@link Declarations}) and what the previews of
 * this deployment declared. Any failure closes the backend and forgets what was kept; the next
 * call opens it afresh.
 *
 * <p>A preview writes nothing, so the resources a {@code pulumi preview} creates or changes are
 * remembered here (one provider process serves one deployment) and the resources checked, diffed
 * and previewed after them are predicted with them: a service after its replaced task definition
 * shows the copies the new one gives.
 */
public final class Clusters implements AutoCloseable {
    private final Object lock = new Object();
    private final Supplier<Backend> opener;
    private final Convergence convergence = new Convergence();
    private final Declarations declarations = new Declarations();
    private final Map<String, SortedMap<String, ObjectNode>> previewed = new HashMap<>();
    private Backend backend;

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
            if (backend == null) backend = opener.get();
            try {
                convergence.use(backend);
                return work.apply(new Session(backend, convergence, declarations, previewed));
            } catch (RuntimeException | Error e) {
                drop();
                throw e;
            }
        }
    }

    /** Closes the backend (the local one stores its state snapshot then); the next call opens it again. */
    @Override
    public void close() {
        synchronized (lock) {
            Backend b = backend;
            backend = null;
            declarations.clear();
            if (b != null) b.close();
        }
    }

    private void drop() {
        try {
            close();
        } catch (RuntimeException ignored) {
            // the failure that made us drop it is the one to report
        }
    }
}
