package dev.gpushare.cli;

/** A command that prints one document built from nothing but its {@code --format} ({@code catalog}, {@code schema}). */
abstract class DocumentCommand extends GpushareCommand {
    /** The document, in the format asked for. */
    abstract String document();

    @Override
    public Integer call() {
        Print.document(command.commandLine().getOut(), document());
        return ExitCodes.OK;
    }
}
