package dev.gpushare.cli;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.cost.FleetReport;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code gpushare place FILE...}: the desired state of a valid spec, placed on an empty fleet
 * without any backend.
 */
@Command(name = "place",
        description = {
                "Validate a spec, then compute its desired state on an empty fleet: which instances "
                        + "exist, the mode of every GPU, its MIG instances, and which copy runs where with "
                        + "the environment its containers get, then what the fleet costs per hour and how its "
                        + "GPU memory is used (allocated, idle, stranded) per capacity provider and endpoint. "
                        + "No backend is touched.",
                "Copies that cannot be placed are listed under 'unplaced' with a code and the smallest "
                        + "change that would make them fit.",
                "An invalid spec prints its problems on stderr, as 'gpushare validate' would."},
        footer = {
                "  gpushare place examples/mps-sharing/spec.yaml",
                "  gpushare place examples/sagemaker-mig/spec.yaml --format json"},
        exitCodeList = {
                "0:every copy was placed",
                "1:the spec has problems (printed on stderr)",
                "2:usage error, or a file is missing or unreadable",
                "3:the spec is valid but something could not be placed"})
final class PlaceCommand extends GpushareCommand {
    @Mixin private SpecFilesParameter specFiles;

    @Override
    public Integer call() {
        ResolvedSpec spec = specFiles.read(format.json(), command.commandLine().getErr());
        if (spec == null) return ExitCodes.INVALID;
        FleetState state = Pipeline.place(spec);
        FleetUsage usage = FleetUsage.of(state, spec);
        Print.document(command.commandLine().getOut(),
                switch (format.get()) {
                    case JSON -> FleetReport.json(state, usage);
                    case SVG -> dev.gpushare.engine.render.FleetSvg.render(state, usage);
                    case HTML -> dev.gpushare.engine.render.FleetHtml.render(state, usage);
                    case TEXT -> FleetReport.text(state, usage);
                });
        return state.unplaced().isEmpty() ? ExitCodes.OK : ExitCodes.UNPLACED;
    }
}
