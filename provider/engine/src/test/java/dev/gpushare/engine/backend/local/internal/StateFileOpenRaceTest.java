package dev.gpushare.engine.backend.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several processes that open a state file which does not exist yet, at the same instant: every one
 * opens it. Before {@link WalMode}, switching a new file to WAL answered SQLITE_BUSY at once to
 * whoever met another's lock (the busy timeout does not cover that switch): about 7 in 1,200
 * openings by four threads failed, so {@value #ROUNDS} rounds of {@value #OPENERS} failed at least
 * once in nearly every run.
 */
class StateFileOpenRaceTest {
    static final int ROUNDS = 150;
    static final int OPENERS = 4;

    @Test
    void everyOneOfSeveralOpeningABrandNewFileAtOnceOpensIt(@TempDir Path dir) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(OPENERS);
        List<String> failures = new ArrayList<>();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                Path file = dir.resolve("round-" + round).resolve("state.db");
                CyclicBarrier start = new CyclicBarrier(OPENERS);
                List<Future<Integer>> opened = new ArrayList<>();
                for (int i = 0; i < OPENERS; i++) {
                    opened.add(pool.submit(() -> {
                        start.await();
                        try (StateFile f = new StateFile(file)) {
                            return f.write("open the new file", tx -> Ddl.version(tx.connection()));
                        }
                    }));
                }
                for (Future<Integer> f : opened) {
                    try {
                        assertEquals(Ddl.VERSION, f.get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        failures.add("round " + round + ": " + e.getCause());
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(), failures);
    }
}
