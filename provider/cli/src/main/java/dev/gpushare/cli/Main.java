package dev.gpushare.cli;

import dev.gpushare.model.io.Printable;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.SpecException;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code gpushare} command. Each subcommand is its own class; they share {@link FormatOption}
 * for {@code --format} and {@link ExitCodes} for the exit status. Output goes to stdout,
 * diagnostics to stderr.
 *
 * <p>Tests call {@link #capture(String...)} or {@link #run(OutputStream, OutputStream, String...)},
 * which return the exit status instead of exiting.
 */
@Command(name = "gpushare",
        description = "Infrastructure as code for GPU sharing: NVIDIA MPS, whole and fractional GPUs, "
                + "MIG partition layouts. Checks a spec, computes where every copy runs, and converges "
                + "a backend to it.",
        subcommands = {
                HelpCommand.class,
                ValidateCommand.class,
                PlaceCommand.class,
                AdviseCommand.class,
                SchemaCommand.class,
                CatalogCommand.class,
                ImportCommand.class,
                ExportCommand.class,
                PlanCommand.class, ApplyCommand.class, StatusCommand.class, DestroyCommand.class, InstanceCommand.class,
                ServeCommand.class, AgentCommand.class, ControllerCommand.class,
                RenderCommand.class,
        },
        footer = {
                "  gpushare validate examples/mps-sharing/spec.yaml",
                "  gpushare place examples/sagemaker-mig/spec.yaml --format json",
                "  gpushare plan examples/mps-sharing/spec.yaml",
                "  gpushare apply examples/mps-sharing/spec.yaml --auto-approve",
                "  gpushare help place",
                "",
                "Exit status: 0 ok, 1 invalid spec, 2 usage error or unreadable file,",
                "3 something could not be placed, 4 backend error, 70 internal error (a bug)."})
public final class Main extends CommandGroup {
    public static void main(String[] args) {
        // The schema validator logs through SLF4J, and no binding is shipped: without this, SLF4J
        // prints three "no providers" warnings on stderr at every run.
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        System.exit(run(System.out, System.err, args));
    }

    /** Runs one command line and returns its exit status; never calls {@code System.exit}. */
    public static int run(OutputStream out, OutputStream err, String... args) {
        PrintWriter o = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        try {
            return commandLine(o, e).execute(args);
        } finally {
            o.flush();
            e.flush();
        }
    }

    /** Runs one command line in-process and captures what it printed (for tests and embedding). */
    public static CliResult capture(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(out, err, args);
        return new CliResult(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = UsageHeadings.apply(new CommandLine(new Main()));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> failure(ex, cmd.getErr()));
        return cl;
    }

    /** A wrong command line: the reason, a suggestion where picocli has one, and where to look. */
    private static int usageError(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("gpushare: " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Run '" + cmd.getCommandSpec().qualifiedName() + " --help' for usage.");
        return ExitCodes.USAGE;
    }

    /** User errors print what to change; anything else is a bug and shows its stack trace. */
    static int failure(Exception ex, PrintWriter err) {
        if (ex instanceof UserError u) {
            for (String line : u.getMessage().split("\n")) err.println("gpushare: " + Printable.line(line));
            return u.exitCode();
        }
        if (ex instanceof SpecException s) {
            for (Problem p : s.problems()) err.println(ProblemReport.line(p));
            return ExitCodes.INVALID;
        }
        if (ex instanceof java.io.UncheckedIOException io) {
            // a file that vanished or turned unreadable after the arguments were checked: the
            // user's environment, not a bug (exit 2, as for an unreadable file)
            err.println("gpushare: " + Printable.line(io.getMessage()) + "; check the path and its permissions");
            return ExitCodes.USAGE;
        }
        err.println("gpushare: internal error (a bug in gpushare, not in your spec; please report it with this output):");
        ex.printStackTrace(err);
        return ExitCodes.INTERNAL;
    }
}
