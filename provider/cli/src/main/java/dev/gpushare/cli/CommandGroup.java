package dev.gpushare.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that groups subcommands ({@code gpushare}, {@code export}, {@code import},
 * {@code instance}, {@code render}): run alone, it prints its usage on stderr, as for any other
 * usage error. Its {@code @Command} attributes are those every group has (picocli applies a
 * superclass's attributes, then the command's own).
 */
@Command(mixinStandardHelpOptions = true, versionProvider = VersionProvider.class)
abstract class CommandGroup implements Callable<Integer> {
    @Spec
    private CommandSpec group;

    @Override
    public Integer call() {
        group.commandLine().usage(group.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
