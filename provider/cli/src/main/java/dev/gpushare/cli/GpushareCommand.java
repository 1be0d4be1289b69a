package dev.gpushare.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every command that does something has: {@code --help} and {@code --version}, the {@code
 * --format text|json} option ({@link FormatOption}) and its own {@link CommandSpec} (its output
 * streams). picocli applies this class's {@code @Command} attributes and options first, then the
 * command's own; groups of commands extend {@link CommandGroup} instead.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = VersionProvider.class)
abstract class GpushareCommand implements Callable<Integer> {
    @Mixin
    FormatOption format;

    @Spec
    CommandSpec command;
}
