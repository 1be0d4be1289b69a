package dev.gpushare.engine.backend.local;

import dev.gpushare.engine.backend.Backend;
import dev.gpushare.engine.backend.BackendContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The local SQLite file keeps the {@link Backend} contract. */
class LocalBackendContractTest extends BackendContract {
    @TempDir Path dir;
    private Path file;

    @Override
    protected void freshStore() {
        file = dir.resolve("state");
    }

    @Override
    protected Backend open() {
        return LocalBackend.open(file);
    }
}
