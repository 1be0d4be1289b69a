package dev.gpushare.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.gpushare.engine.advise.Advice;
import dev.gpushare.engine.advise.AdviceDocument;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.io.SpecWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpushare advise FILE [--write]}: picks the MIG partition layout, instance count and
 * partition types of endpoints whose components give {@code gpuMemoryMiB} instead of a
 * {@code partitionType}.
 */
@Command(name = "advise",
        subcommands = AdviseCapacityCommand.class,
        description = {
                "For every endpoint without partitionLayout whose inference components give gpuMemoryMiB "
                        + "(the GPU memory one copy needs) instead of partitionType, search every geometrically "
                        + "valid MIG layout of the GPU and every assignment of components to its profiles, and "
                        + "print the layout and instance count that host all copies on the fewest GPUs (then "
                        + "the least memory wasted inside partitions), each component's partition type, and the "
                        + "spec with both filled in.",
                "--write saves that spec over FILE (keeping its schema comment line).",
                "'gpushare advise capacity FILE' compares instance types and sharing forms for every service and "
                        + "component instead (see its --help)."},
        footer = {
                "  gpushare advise endpoints.yaml",
                "  gpushare advise endpoints.yaml --write",
                "  gpushare advise endpoints.yaml --format json",
                "  gpushare advise capacity spec.yaml"},
        exitCodeList = {
                "0:advice printed (or nothing to advise)",
                "1:the spec has problems (printed on stderr)",
                "2:usage error, or a file is missing or unreadable",
                "3:an endpoint asks for advice but no layout can host its components"})
final class AdviseCommand extends GpushareCommand {
    // 0..* so that 'advise capacity FILE' reaches the subcommand; call() asks for a FILE.
    @Parameters(arity = "0..*", paramLabel = "FILE", description = "Spec files (YAML or JSON), merged in the order given.")
    private List<Path> files;

    @Option(names = "--write", description = "Rewrite FILE with the advised spec (one FILE only).")
    private boolean write;

    @Override
    public Integer call() {
        if (files == null || files.isEmpty()) {
            throw UserError.usage("give a spec FILE: gpushare advise FILE, or gpushare advise capacity FILE");
        }
        List<Path> checked = SpecFiles.readable(files);
        boolean json = format.jsonElseText("advise");
        if (write && checked.size() != 1) {
            throw UserError.usage("--write rewrites one file; pass exactly one FILE (merge split specs first)");
        }
        ResolvedSpec spec = SpecInput.read(checked, json, command.commandLine().getErr());
        if (spec == null) return ExitCodes.INVALID;
        Advice advice = Pipeline.advise(spec);
        Print.document(command.commandLine().getOut(), json ? AdviceDocument.toJson(advice) : AdviceDocument.toText(advice));
        if (write && !advice.endpoints().isEmpty()) rewrite(checked.get(0), advice);
        return advice.notAdvised().isEmpty() ? ExitCodes.OK : ExitCodes.UNPLACED;
    }

    private void rewrite(Path file, Advice advice) {
        try {
            String original = Files.readString(file);
            String out;
            if (file.getFileName().toString().endsWith(".json")) {
                out = SpecWriter.toJson(advice.spec());
            } else {
                out = SpecWriter.toYaml(advice.spec());
                String first = original.lines().findFirst().orElse("");
                // keep the user's schema line (often a relative path editors resolve), not ours
                if (first.startsWith("# yaml-language-server:") && out.startsWith("# yaml-language-server:")) {
                    out = first + out.substring(out.indexOf('\n'));
                }
            }
            Files.writeString(file, out);
            command.commandLine().getErr().println("wrote " + file);
        } catch (IOException e) {
            throw UserError.usage(file + ": cannot write: " + e.getMessage());
        }
    }
}
