package dev.gpushare.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The section headings of every command's usage, set in one place rather than in each
 * {@code @Command}: "Exit status:" over a command's {@code exitCodeList}, "Examples:" over its
 * {@code footer}. A command without the section has no heading (picocli prints a heading even over
 * an empty section, so an inherited attribute would not do).
 */
final class UsageHeadings {
    static final String EXIT_STATUS = "%nExit status:%n";
    static final String EXAMPLES = "%nExamples:%n";

    private UsageHeadings() {}

    /** Sets the headings of {@code cl} and of all its subcommands; returns {@code cl}. */
    static CommandLine apply(CommandLine cl) {
        UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
        if (!usage.exitCodeList().isEmpty()) usage.exitCodeListHeading(EXIT_STATUS);
        if (usage.footer().length > 0) usage.footerHeading(EXAMPLES);
        cl.getSubcommands().values().forEach(UsageHeadings::apply);
        return cl;
    }
}
