package dev.gpushare.kubernetes.controller;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Controllers as real child processes ({@link ControllerMain}), each logging to {@code ID.log} in a
 * test's folder; and a pod watch that records every moment two live pods of one copy existed.
 */
final class ControllerProcesses {
    private ControllerProcesses() {}

    static Process spawn(Path dir, String id, String kubeconfig, String ns, int leaseSeconds, Path spec) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), ControllerMain.class.getName(),
                kubeconfig, ns, id, Integer.toString(leaseSeconds), spec.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(id + ".log").toFile())).start();
    }

    static boolean logged(Path dir, String id, String text) {
        try {
            return Files.readString(dir.resolve(id + ".log")).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** Prints the end of each controller's log (for a failing test's output). */
    static void printLogs(Path dir, String... ids) {
        for (String id : ids) {
            Path log = dir.resolve(id + ".log");
            if (!Files.exists(log)) continue;
            try {
                List<String> lines = Files.readAllLines(log);
                System.out.println("--- controller " + id + " (last 40 lines) ---");
                lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach(System.out::println);
            } catch (IOException e) {
                System.out.println("--- controller " + id + ": " + e.getMessage());
            }
        }
    }

    /** Watches a cluster's pods: every time a copy had two live pods at once is in {@link #duplicates}. */
    static class NoDuplicates implements Watcher<Pod> {
        final List<String> duplicates = Collections.synchronizedList(new ArrayList<>());
        private final Map<String, String> liveByTask = new HashMap<>();

        @Override
        public void eventReceived(Action action, Pod pod) {
            String task = pod.getMetadata().getAnnotations().get("gpushare.dev/task");
            String name = pod.getMetadata().getName();
            synchronized (liveByTask) {
                boolean live = action != Action.DELETED && pod.getMetadata().getDeletionTimestamp() == null;
                if (live) {
                    String other = liveByTask.putIfAbsent(task, name);
                    if (other != null && !other.equals(name)) duplicates.add(task + ": " + other + " and " + name);
                } else if (name.equals(liveByTask.get(task))) {
                    liveByTask.remove(task);
                }
            }
            added(action, pod);
        }

        /** Called after each event (a test hooks in here). */
        void added(Action action, Pod pod) {}

        @Override
        public void onClose(WatcherException cause) {}
    }
}
