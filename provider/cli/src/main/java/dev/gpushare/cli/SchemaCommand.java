package dev.gpushare.cli;

import dev.gpushare.engine.validate.SchemaValidator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gpushare schema}: the spec's JSON Schema, for editors and other tools. */
@Command(name = "schema",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
                "Print the JSON Schema (draft 2020-12) of the spec document.",
                "Editors use it for completion and hover help: start a spec with "
                        + "'# yaml-language-server: $schema=<path or URL of this schema>'.",
                "The schema is JSON whichever --format is given."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpushare schema > gpushare.schema.json"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:printed"})
final class SchemaCommand implements Callable<Integer> {
    @Mixin
    private FormatOption format;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        Print.document(spec.commandLine().getOut(), SchemaValidator.schemaText());
        return ExitCodes.OK;
    }
}
