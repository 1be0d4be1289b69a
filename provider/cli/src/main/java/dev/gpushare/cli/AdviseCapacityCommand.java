package dev.gpushare.cli;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.advise.capacity.CapacityAdvice;
import dev.gpushare.engine.advise.capacity.CapacityAdviceDocument;
import dev.gpushare.engine.advise.capacity.Isolation;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.io.SpecWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpushare advise capacity FILE [--write OUT] [--isolation mig|mps|any] [--top N]}. */
@Command(name = "capacity",
        description = {
                "For each service and inference component with GPU copies, place every way the catalog offers to "
                        + "run it with the engine and price it: whole GPUs on each instance type that fits, MPS on "
                        + "g5/g6/g6e/g7e, fractional GPUs on g6f/gr6f, MIG layouts on p4d/p4de/p5/p5e/p5en/g7e (the "
                        + "layout advisor's exact search) and time-slicing. Print a table per workload, cheapest "
                        + "feasible first: instances, $/hour, GPU memory used and what it gives up in isolation; "
                        + "then the choice, the chosen alternatives that share a form and an instance type placed "
                        + "together on one pool, the total against the spec as given, and the chosen spec.",
                "A copy is sized from what its containers ask: an MPS container of N MiB and P %% is N MiB of GPU "
                        + "memory reserved (the containers of a task add up, as they share one GPU) with P %% compute "
                        + "as a limit, not a reservation; a partition, slice or whole GPU is sized by its memory. "
                        + "Prices are the spec's (its pricing section), else the catalog's On-Demand us-east-1 ones.",
                "--isolation restricts the choice: any (time-slicing allowed), mps (MPS or better), mig (hardware "
                        + "isolation only: MIG, whole GPUs, fractional slices). --write OUT saves the chosen spec "
                        + "(JSON when OUT ends in .json, else YAML)."},
        footer = {
                "  gpushare advise capacity examples/mps-sharing/spec.yaml",
                "  gpushare advise capacity spec.yaml --isolation mig --write spec.advised.yaml",
                "  gpushare advise capacity spec.yaml --format json"},
        exitCodeList = {
                "0:advice printed",
                "1:the spec has problems (printed on stderr)",
                "2:usage error, or a file is missing, unreadable or cannot be written",
                "3:some workload has no feasible alternative that keeps --isolation (it is left as specified)"})
final class AdviseCapacityCommand extends GpushareCommand {
    @Mixin private SpecFilesParameter specFiles;

    @Option(names = "--write", paramLabel = "OUT", description = "Write the chosen spec to OUT.")
    private Path write;

    @Option(names = "--isolation", paramLabel = "LEVEL", defaultValue = "any",
            description = "Least isolation the choice keeps: mig, mps or any (default: ${DEFAULT-VALUE}).")
    private String isolation;

    @Option(names = "--top", paramLabel = "N",
            description = "Alternatives listed per workload, cheapest feasible first; 0 lists all (default: 8 in text, all in json).")
    private Integer top;

    @Override
    public Integer call() {
        boolean json = format.jsonElseText("advise capacity");
        Isolation floor = switch (isolation.toLowerCase(Locale.ROOT)) {
            case "any" -> Isolation.ANY;
            case "mps" -> Isolation.MPS;
            case "mig" -> Isolation.MIG;
            default -> throw UserError.usage("--isolation takes mig, mps or any, not '" + isolation + "'");
        };
        if (top != null && top < 0) throw UserError.usage("--top takes 0 (all) or a positive number, not " + top);
        ResolvedSpec spec = specFiles.read(json, command.commandLine().getErr());
        if (spec == null) return ExitCodes.INVALID;
        command.commandLine().getErr().println("advise capacity: placing every alternative of "
                + (spec.spec().services().size() + spec.spec().inferenceComponents().size()) + " services and components…");
        CapacityAdvice advice = Pipeline.adviseCapacity(spec, floor);
        Print.document(command.commandLine().getOut(),
                json ? CapacityAdviceDocument.toJson(advice, top == null ? 0 : top)
                        : CapacityAdviceDocument.toText(advice, top == null ? 8 : top));
        if (write != null) save(write, advice);
        return advice.unadvised().isEmpty() ? ExitCodes.OK : ExitCodes.UNPLACED;
    }

    private void save(Path out, CapacityAdvice advice) {
        try {
            OutputFile.write(out, out.getFileName().toString().endsWith(".json")
                    ? SpecWriter.toJson(advice.spec()) : SpecWriter.toYaml(advice.spec()));
            command.commandLine().getErr().println("wrote the chosen spec to " + out);
        } catch (IOException e) {
            throw UserError.usage("cannot write " + out + ": " + e.getMessage() + "; choose another --write path");
        }
    }
}
