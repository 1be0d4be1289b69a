package dev.gpushare.cli;

import dev.gpushare.engine.Pipeline;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gpushare validate FILE...}: schema and semantic checks, every problem at once. */
@Command(name = "validate",
        description = {
                "Check a spec against the JSON Schema and the semantic rules (references, MPS memory, "
                        + "fractions, MIG geometry, ...) and print every problem at once.",
                "Several files are merged into one spec; a name defined twice is a problem.",
                "Text output: one line per problem, 'file:line:col: CODE path: message', then a summary line."},
        footer = {
                "  gpushare validate examples/mps-sharing/spec.yaml",
                "  gpushare validate base.yaml services.yaml --format json"},
        exitCodeList = {
                "0:the spec is valid",
                "1:the spec has problems (printed on stdout)",
                "2:usage error, or a file is missing or unreadable"})
final class ValidateCommand extends GpushareCommand {
    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "Spec files (YAML: .yaml/.yml, or JSON: .json), merged in the order given.")
    private List<Path> files;

    @Override
    public Integer call() {
        boolean json = format.jsonElseText("gpushare validate");
        List<Path> checked = SpecFiles.readable(files);
        var problems = Pipeline.check(checked).problems();
        Print.document(command.commandLine().getOut(), json
                ? ProblemReport.json(problems)
                : ProblemReport.text(checked, problems));
        return problems.isEmpty() ? ExitCodes.OK : ExitCodes.INVALID;
    }
}
