package dev.gpushare.cli;

import dev.gpushare.engine.validate.SchemaValidator;
import picocli.CommandLine.Command;

/** {@code gpushare schema}: the spec's JSON Schema, for editors and other tools. */
@Command(name = "schema",
        description = {
                "Print the JSON Schema (draft 2020-12) of the spec document.",
                "Editors use it for completion and hover help: start a spec with "
                        + "'# yaml-language-server: $schema=<path or URL of this schema>'.",
                "The schema is JSON whichever --format is given."},
        footer = {"  gpushare schema > gpushare.schema.json"},
        exitCodeList = {"0:printed"})
final class SchemaCommand extends DocumentCommand {
    @Override
    String document() {
        return SchemaValidator.schemaText(); // JSON whatever --format says
    }
}
