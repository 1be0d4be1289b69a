package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.StateText;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code gpushare status [--backend URL] [--cluster NAME]}: the backend's actual state. */
@Command(name = "status",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
                "Print a cluster's actual state as the backend holds it: instances (and which are unhealthy), "
                        + "GPU modes and MIG instances, and which copy runs where with its environment.",
                "--cluster may be left out when the backend holds one cluster."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpushare status", "  gpushare status --cluster inference-prod --format json"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:printed", "2:usage error (no or several clusters and no --cluster)", "4:the backend could not be read"})
final class StatusCommand implements Callable<Integer> {
    @Mixin private FormatOption format;
    @Mixin private BackendOption backend;

    @Option(names = "--cluster", paramLabel = "NAME", description = "The cluster to show (default: the backend's only one).")
    private String cluster;

    @picocli.CommandLine.Spec private CommandSpec command;

    @Override
    public Integer call() {
        try (Gpushare gs = backend.open()) {
            String name = BackendOption.cluster(gs, cluster, backend.url());
            Snapshot s = gs.snapshot(name);
            var out = command.commandLine().getOut();
            switch (format.get()) {
                case JSON -> Print.document(out, StateJson.toJson(s.state()));
                case SVG -> Print.document(out, dev.gpushare.engine.render.FleetSvg.render(s.state()));
                case HTML -> Print.document(out, dev.gpushare.engine.render.FleetHtml.render(s.state()));
                case TEXT -> {
                    out.println("Cluster " + name + " at revision " + s.revision() + " in " + backend.url()
                            + (s.revision() == 0 ? " (nothing applied yet)" : ""));
                    Print.document(out, StateText.render(s.state()));
                }
            }
            return ExitCodes.OK;
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
    }
}
