package dev.gpushare.cli;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.catalog.CatalogDocument;
import picocli.CommandLine.Command;

/** {@code gpushare catalog}: the built-in GPU models, instance types and MIG profiles. */
@Command(name = "catalog",
        description = {
                "Print the built-in catalog: GPU models (total and usable memory in MiB, MPS and MIG "
                        + "support), instance types (vCPUs, memory, GPU count and model, fractional slice) "
                        + "and the MIG profiles of each MIG-capable model.",
                "Instance types the catalog lacks can be declared in a spec under 'instanceTypes'."},
        footer = {
                "  gpushare catalog",
                "  gpushare catalog --format json"},
        exitCodeList = {"0:printed"})
final class CatalogCommand extends DocumentCommand {
    @Override
    String document() {
        boolean json = format.jsonElseText("gpushare catalog");
        Catalog catalog = Catalog.builtIn();
        return json ? CatalogDocument.toJson(catalog) : CatalogDocument.toText(catalog);
    }
}
