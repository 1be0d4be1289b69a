package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.FleetReport;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpushare status [--backend URL] [--cluster NAME] [--spec FILE...]}: the backend's actual state. */
@Command(name = "status",
        description = {
                "Print a cluster's actual state as the backend holds it: instances (and which are unhealthy), "
                        + "GPU modes and MIG instances, and which copy runs where with its environment, then what "
                        + "the fleet costs per hour and how its GPU memory is used (allocated, idle, stranded) per "
                        + "capacity provider and endpoint.",
                "Prices are the catalog's (On-Demand, us-east-1) and copy sizes are read off the state, unless "
                        + "--spec names the spec the cluster was applied from: then its pricing section and declared "
                        + "instance types apply, and copies that could not be placed count for the stranded figure.",
                "--cluster may be left out when the backend holds one cluster."},
        footer = {"  gpushare status", "  gpushare status --cluster inference-prod --format json",
                "  gpushare status --spec spec.yaml --format html > fleet.html"},
        exitCodeList = {"0:printed", "1:the --spec files have problems (printed on stderr)",
                "2:usage error (no or several clusters and no --cluster)", "4:the backend could not be read"})
final class StatusCommand extends GpushareCommand {
    @Mixin private BackendOption backend;

    @Option(names = "--cluster", paramLabel = "NAME", description = "The cluster to show (default: the backend's only one).")
    private String cluster;

    @Option(names = "--spec", paramLabel = "FILE", arity = "1..*",
            description = "The spec the cluster was applied from: price the fleet and size its copies with it.")
    private List<Path> specFiles;

    @Override
    public Integer call() {
        ResolvedSpec spec = null;
        if (specFiles != null && !specFiles.isEmpty()) {
            spec = SpecInput.read(specFiles, format.json(), command.commandLine().getErr());
            if (spec == null) return ExitCodes.INVALID;
        }
        try (Gpushare gs = backend.open()) {
            String name = cluster == null && spec != null ? spec.cluster() : BackendOption.cluster(gs, cluster, backend.shown());
            Snapshot s = gs.snapshot(name);
            FleetUsage usage = spec == null
                    ? FleetUsage.of(s.state(), Catalog.builtIn())
                    : FleetUsage.of(s.state(), spec);
            var out = command.commandLine().getOut();
            switch (format.get()) {
                case JSON -> Print.json(out, (state, records, w) -> FleetReport.json(state, usage, records, w), s.state(), s.rollouts());
                case SVG -> Print.document(out, dev.gpushare.engine.render.FleetSvg.render(s.state(), usage));
                case HTML -> Print.document(out, dev.gpushare.engine.render.FleetHtml.render(s.state(), usage));
                case TEXT -> {
                    out.println("Cluster " + name + " at revision " + s.revision() + " in " + backend.shown()
                            + (s.revision() == 0 ? " (nothing applied yet)" : ""));
                    Print.document(out, FleetReport.text(s.state(), usage, s.rollouts()));
                }
            }
            return ExitCodes.OK;
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
    }
}
