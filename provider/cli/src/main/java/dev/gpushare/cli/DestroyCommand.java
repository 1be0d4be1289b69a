package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.state.FleetState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpushare destroy --cluster NAME [--backend URL] [--auto-approve]}: remove everything of a cluster. */
@Command(name = "destroy",
        description = "Remove every instance and copy of a cluster from the backend, and its revision history.",
        footer = {"  gpushare destroy --cluster embeddings-prod --auto-approve"},
        exitCodeList = {"0:destroyed (or nothing to destroy)", "2:usage error or no confirmation", "4:backend error"})
final class DestroyCommand extends GpushareCommand {
    @Mixin private BackendOption backend;

    @Option(names = "--cluster", required = true, paramLabel = "NAME", description = "The cluster to remove.")
    private String cluster;

    @Option(names = "--auto-approve", description = "Destroy without asking.")
    private boolean autoApprove;

    @Override
    public Integer call() {
        var out = command.commandLine().getOut();
        var err = command.commandLine().getErr();
        try (Gpushare gs = backend.open()) {
            FleetState state = gs.status(cluster);
            FleetState.Summary s = state.summary();
            if (!gs.clusters().contains(cluster)) {
                report(out, false, s, "Nothing to destroy: cluster " + cluster + " has no state in " + backend.shown() + ".");
                return ExitCodes.OK;
            }
            if (!Approval.confirm(autoApprove, "Destroy cluster " + cluster + " (" + count(s.instances(), "instance") + ", "
                    + count(s.allocations(), "copy", "copies") + ")?", "destroy", err)) {
                err.println("Destroy cancelled; nothing was changed.");
                return ExitCodes.OK;
            }
            gs.destroy(cluster);
            report(out, true, s, "Destroyed cluster " + cluster + ": " + count(s.instances(), "instance") + " and "
                    + count(s.allocations(), "allocation") + " removed from " + backend.shown() + ".");
            return ExitCodes.OK;
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
    }

    private void report(java.io.PrintWriter out, boolean destroyed, FleetState.Summary s, String text) {
        if (format.json()) {
            var n = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            n.put("cluster", cluster);
            n.put("destroyed", destroyed);
            n.put("instances", s.instances());
            n.put("allocations", s.allocations());
            Print.document(out, n.toPrettyString());
        } else {
            out.println(text);
        }
    }

    private static String count(int n, String noun) {
        return count(n, noun, noun + "s");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
