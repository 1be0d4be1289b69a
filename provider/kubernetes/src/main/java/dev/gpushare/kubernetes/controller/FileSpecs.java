package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.Checked;
import dev.gpushare.engine.Pipeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The spec files of {@code --spec}, merged in order as {@code gpushare apply} merges them, read
 * again when one changes (its modification time or size; checked every second, which also sees a
 * ConfigMap volume's symlink swap).
 */
public final class FileSpecs implements DesiredSource {
    private final List<Path> files;
    private volatile String cluster;
    private Thread watcher;
    private volatile boolean closed;

    public FileSpecs(List<Path> files) {
        this.files = List.copyOf(files);
        Checked c = Pipeline.check(this.files);
        cluster = clusterOf(c);
    }

    private String clusterOf(Checked c) {
        return switch (c) {
            case Checked.Valid v -> v.spec().spec().cluster();
            case Checked.Invalid i -> i.partial() != null ? i.partial().cluster() : cluster;
        };
    }

    @Override
    public Set<String> clusters() {
        return cluster == null ? Set.of() : Set.of(cluster);
    }

    @Override
    public Optional<Desired> of(String name) {
        Checked c = Pipeline.check(files);
        String now = clusterOf(c);
        if (now != null) cluster = now;
        if (cluster == null || !cluster.equals(name)) return Optional.empty();
        return Optional.of(switch (c) {
            case Checked.Valid v -> new Desired.Valid(v.spec(), null);
            case Checked.Invalid i -> new Desired.Invalid(name, i.problems(), null);
        });
    }

    @Override
    public void start(Consumer<String> changed) {
        watcher = Thread.ofPlatform().daemon().name("gpushare-spec-files").start(() -> {
            List<String> last = stamps();
            while (!closed) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                List<String> now = stamps();
                if (!now.equals(last)) {
                    last = now;
                    String before = cluster;
                    String after = clusterOf(Pipeline.check(files));
                    if (after != null) cluster = after;
                    if (before != null) changed.accept(before);
                    if (after != null && !after.equals(before)) changed.accept(after);
                }
            }
        });
    }

    private List<String> stamps() {
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            try {
                Path real = f.toRealPath();
                out.add(real + "@" + Files.getLastModifiedTime(real).toMillis() + "/" + Files.size(real));
            } catch (IOException e) {
                out.add(f + " unreadable");
            }
        }
        return out;
    }

    @Override
    public void close() {
        closed = true;
        if (watcher != null) watcher.interrupt();
    }
}
