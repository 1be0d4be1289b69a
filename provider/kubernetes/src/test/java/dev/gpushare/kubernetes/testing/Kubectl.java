package dev.gpushare.kubernetes.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The real kubectl against the test cluster, as a user runs it (client-side defaults such as strict field validation included). */
public final class Kubectl {
    private Kubectl() {}

    /** What one kubectl run printed, and its exit status. */
    public record Result(int exit, String out) {
        public Result ok() {
            if (exit != 0) throw new AssertionError("kubectl failed (" + exit + "):\n" + out);
            return this;
        }
    }

    public static Result run(KubeCluster k, String stdin, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(KubeBinaries.require().resolve("kubectl").toString());
        cmd.add("--kubeconfig");
        cmd.add(k.kubeconfig().toString());
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("kubectl", ".out");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
            Process p = pb.start();
            if (stdin != null) p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("kubectl " + args[0] + " did not finish within 120 s");
            }
            String text = Files.readString(out);
            Files.deleteIfExists(out);
            return new Result(p.exitValue(), text);
        } catch (IOException e) {
            throw new AssertionError("cannot run kubectl: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
