package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.state.Instance;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpushare instance mark-unhealthy ID --reason R}: what the ECS MPS daemon check does. */
@Command(name = "instance",
        description = "Act on one instance of a cluster.",
        subcommands = InstanceCommand.MarkUnhealthy.class)
final class InstanceCommand extends CommandGroup {
    @Command(name = "mark-unhealthy",
            description = {
                    "Record that an instance is unhealthy, as the MPS daemon health check does on ECS. The next "
                            + "plan replaces it: launches a replacement, moves its copies (new before old), "
                            + "terminates it — at most 20%% of a capacity provider's instances at once, one when "
                            + "it has fewer than 9."},
            footer = {"  gpushare instance mark-unhealthy l4-mps-0 --reason mps-daemon-unresponsive"},
            exitCodeList = {"0:recorded", "2:usage error (instance in several clusters and no --cluster)",
                    "4:backend error or no such instance"})
    static final class MarkUnhealthy extends GpushareCommand {
        @Mixin private BackendOption backend;

        @Parameters(index = "0", paramLabel = "ID", description = "The instance id, as 'gpushare status' shows it.")
        private String id;

        @Option(names = "--reason", required = true, paramLabel = "R", description = "Why, e.g. mps-daemon-unresponsive.")
        private String reason;

        @Option(names = "--cluster", paramLabel = "NAME", description = "The instance's cluster (default: the one that has it).")
        private String cluster;

        @Override
        public Integer call() {
            try (Gpushare gs = backend.open()) {
                String name = cluster != null ? cluster : clusterOf(gs);
                long revision = gs.markUnhealthy(name, id, reason);
                var out = command.commandLine().getOut();
                if (format.json()) {
                    var n = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                    n.put("cluster", name);
                    n.put("instance", id);
                    n.put("healthy", false);
                    n.put("reason", reason);
                    n.put("revision", revision);
                    Print.document(out, n.toPrettyString());
                } else {
                    out.println("Marked " + id + " of cluster " + name + " unhealthy (" + reason + "); revision " + revision
                            + ". The next plan replaces it.");
                }
                return ExitCodes.OK;
            } catch (BackendException e) {
                throw BackendOption.failed(e);
            }
        }

        private String clusterOf(Gpushare gs) {
            List<String> holders = new ArrayList<>();
            for (String c : gs.clusters()) {
                for (Instance i : gs.status(c).instances()) if (i.id().toString().equals(id)) holders.add(c);
            }
            if (holders.size() == 1) return holders.getFirst();
            if (holders.isEmpty()) {
                throw new UserError(ExitCodes.BACKEND, "no cluster in " + backend.shown() + " has an instance " + id
                        + "; run 'gpushare status' to list the instances");
            }
            throw UserError.usage("clusters " + String.join(", ", holders) + " all have an instance " + id + "; pass --cluster NAME");
        }
    }
}
