package dev.gpushare.kubernetes.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Where scripts/build-kube put etcd, kube-apiserver, kube-scheduler and kubectl: {@code
 * $GPUSHARE_KUBE_BIN}, else the script's cache folder. Tests that need them skip with the reason
 * when they are absent, except under {@code CI=true}, where .ci/run builds them: there they fail.
 */
public final class KubeBinaries {
    public static final String ENV = "GPUSHARE_KUBE_BIN";
    public static final String VERSION = "1.36.3";
    static final String[] NAMES = {"etcd", "kube-apiserver", "kube-scheduler", "kubectl"};

    private KubeBinaries() {}

    public static Optional<Path> find() {
        String env = System.getenv(ENV);
        Path dir = env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cache", "gpushare", "kube-" + VERSION, "bin");
        for (String n : NAMES) if (!Files.isExecutable(dir.resolve(n))) return Optional.empty();
        return Optional.of(dir);
    }

    /** The folder, or the test is skipped (fails under CI=true) saying how to get the binaries. */
    public static Path require() {
        Optional<Path> dir = find();
        String why = "etcd, kube-apiserver, kube-scheduler and kubectl not found (set " + ENV
                + " or run scripts/build-kube, which .ci/run does)";
        if (dir.isEmpty() && "true".equals(System.getenv("CI"))) throw new AssertionError("CI=true but " + why);
        Assumptions.assumeTrue(dir.isPresent(), why);
        return dir.get();
    }
}
