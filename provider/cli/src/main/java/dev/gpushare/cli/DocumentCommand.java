package dev.gpushare.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that prints one document built from nothing but its {@code --format} ({@code catalog}, {@code schema}). */
abstract class DocumentCommand implements Callable<Integer> {
    @Mixin
    FormatOption format;

    @Spec
    private CommandSpec spec;

    /** The document, in the format asked for. */
    abstract String document();

    @Override
    public Integer call() {
        Print.document(spec.commandLine().getOut(), document());
        return ExitCodes.OK;
    }
}
