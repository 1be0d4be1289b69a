package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.cost.CopySizes;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.PriceList;
import dev.gpushare.engine.cost.UsageText;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.plan.PlanText;
import dev.gpushare.engine.reconcile.ApplyListener;
import dev.gpushare.engine.reconcile.ApplyOutcome;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code gpushare apply FILE...|FILE.plan [--backend URL] [--auto-approve]}: plan, then execute. */
@Command(name = "apply",
        description = {
                "Plan a spec against the backend (as 'gpushare plan' prints it), ask, then execute the plan in "
                        + "a safe order: launch and configure first, moved copies start before the old ones "
                        + "stop, instances terminate last. Each small batch commits with a revision bump, so an "
                        + "interrupted apply leaves a consistent prefix and running apply again completes it.",
                "Given a saved plan (FILE.plan from 'gpushare plan --out'), applies exactly that plan, without "
                        + "asking, and only while the backend is at the plan's revision.",
                "Without --auto-approve the question 'Apply? [y/N]' needs a terminal; otherwise apply refuses."},
        footer = {
                "  gpushare apply examples/mps-sharing/spec.yaml --auto-approve",
                "  gpushare apply change.plan"},
        exitCodeList = {
                "0:applied (or nothing to do)",
                "1:the spec has problems, or the saved plan's actions do not hold (printed on stderr; nothing written), or a rollout's deploymentCircuitBreaker stopped it (ROLLOUT_STOPPED; gpushare status shows it)",
                "2:usage error, unreadable file, or no confirmation",
                "3:applied, but something could not be placed",
                "4:backend error, or the cluster changed since the plan (revision conflict): plan again"})
final class ApplyCommand extends GpushareCommand {
    /** Long plans print a progress line at most this often (actions or time, whichever comes first). */
    private static final int PROGRESS_EVERY = 500;
    private static final long PROGRESS_MILLIS = 1000;
    private static final int LONG_PLAN = 100;

    @Mixin private BackendOption backend;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Spec files (YAML or JSON), or one saved plan (FILE.plan).")
    private List<Path> files;

    @Option(names = "--auto-approve", description = "Apply without asking.")
    private boolean autoApprove;

    @Option(names = "--ready-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a rollout wave's new copies have to become ready before they count towards the service's"
                    + " deploymentCircuitBreaker (default: ${DEFAULT-VALUE}). Local and HTTP backends: a copy is ready when placed,"
                    + " unless its instance is marked unhealthy.")
    private int readyTimeoutSeconds;

    @Override
    public Integer call() {
        PrintWriter out = command.commandLine().getOut(), err = command.commandLine().getErr();
        if (format.get() == OutputFormat.SVG || format.get() == OutputFormat.HTML) {
            throw UserError.usage("apply prints text or json");
        }
        boolean saved = files.size() == 1 && files.getFirst().toString().endsWith(".plan");
        // a spec to plan: the backend reads the cluster's state while the spec is read and checked
        try (Gpushare gs = saved ? backend.open() : backend.open().readAhead()) {
            Plan plan;
            ResolvedSpec spec = null;
            if (saved) {
                plan = readSaved(SpecFiles.readable(files).getFirst());
            } else {
                spec = SpecInput.read(files, format.json(), err);
                if (spec == null) return ExitCodes.INVALID;
                plan = gs.plan(spec);
            }
            if (!format.json()) {
                // A saved plan has no spec: its cost change uses the catalog's prices.
                var state = gs.snapshot(plan.cluster()).state();
                // with a spec, the instances the plan leaves as they are are added up once
                FleetUsage.Change usage = spec == null
                        ? new FleetUsage.Change(FleetUsage.of(state, Catalog.builtIn()), FleetUsage.of(plan.desired(), Catalog.builtIn()))
                        : FleetUsage.of(state, plan.desired(), PriceList.of(spec.catalog(), spec.spec()), CopySizes.of(spec.spec(), spec.catalog()));
                Print.document(out, PlanText.render(plan) + UsageText.change(usage.before(), usage.after()) + "\n");
            }
            if (plan.isEmpty()) {
                if (format.json()) Print.document(out, result("noChanges", plan.revision(), 0, plan));
                return plan.infeasible() ? ExitCodes.UNPLACED : ExitCodes.OK;
            }
            if (!saved && !Approval.confirm(autoApprove, "Apply these " + plan.actions().size() + " actions to cluster "
                    + plan.cluster() + "?", "apply", err)) {
                err.println("Apply cancelled; nothing was changed.");
                return ExitCodes.OK;
            }
            if (readyTimeoutSeconds < 0) throw UserError.usage("--ready-timeout must be 0 or more seconds, was " + readyTimeoutSeconds);
            gs.readyTimeout(java.time.Duration.ofSeconds(readyTimeoutSeconds));
            ApplyOutcome outcome = gs.apply(plan, WaveProgress.around(plan, err, progress(err, plan.actions().size())));
            return switch (outcome) {
                case ApplyOutcome.Applied a -> {
                    if (format.json()) {
                        Print.document(out, result("applied", a.revision(), a.actions(), plan));
                    } else {
                        out.println("Apply complete: " + a.actions() + " actions; cluster " + plan.cluster()
                                + " is at revision " + a.revision() + " in " + backend.shown() + ".");
                    }
                    yield plan.infeasible() ? ExitCodes.UNPLACED : ExitCodes.OK;
                }
                case ApplyOutcome.Conflict c -> {
                    if (format.json()) Print.document(out, result("conflict", c.conflict().currentRevision(), c.appliedBefore(), plan));
                    err.println("gpushare: " + c.conflict().message()
                            + (c.appliedBefore() > 0 ? " (" + c.appliedBefore() + " actions of this plan had been applied)" : ""));
                    yield ExitCodes.BACKEND;
                }
                case ApplyOutcome.Refused r -> {
                    // a saved plan that was edited, forged or damaged: its problems, like a spec's
                    if (format.json()) {
                        Print.document(err, ProblemReport.json(located(r.problems(), saved ? files.getFirst() : null)));
                    } else {
                        for (Problem p : located(r.problems(), saved ? files.getFirst() : null)) err.println(ProblemReport.line(p));
                        if (r.problems().stream().anyMatch(p -> p.code() == dev.gpushare.engine.reconcile.ApplyCode.ROLLOUT_STOPPED)) {
                            err.println("gpushare: the rollout was stopped after " + r.appliedBefore()
                                    + " actions and the rest of the plan was not applied; gpushare status shows it");
                        } else err.println("gpushare: the plan was refused; nothing was written" + (r.appliedBefore() > 0
                                ? " after the " + r.appliedBefore() + " actions applied before it" : "")
                                + "; make a new one with gpushare plan (plans are not meant to be edited)");
                    }
                    yield ExitCodes.INVALID;
                }
            };
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
    }

    /** Problems of a saved plan name its file; paths are JSON Pointers into it. */
    private static List<Problem> located(List<Problem> problems, Path file) {
        if (file == null) return problems;
        return problems.stream().map(p -> p.inFile(file.toString(), null)).toList();
    }

    private static Plan readSaved(Path file) {
        try {
            return PlanJson.fromJson(Files.readString(file));
        } catch (IOException e) {
            throw UserError.usage(file + ": cannot read the saved plan: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw UserError.usage(file + ": " + e.getMessage());
        }
    }

    private static String result(String outcome, long revision, int actions, Plan plan) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("outcome", outcome);
        n.put("cluster", plan.cluster());
        n.put("revision", revision);
        n.put("actionsApplied", actions);
        n.put("unplaced", plan.desired().unplaced().size());
        return n.toPrettyString() + "\n";
    }

    /** A line on stderr every {@value #PROGRESS_EVERY} actions or second on plans of {@value #LONG_PLAN}+ actions. */
    private static ApplyListener progress(PrintWriter err, int total) {
        if (total < LONG_PLAN) return ApplyListener.NONE;
        return new ApplyListener() {
            private int printedAt;
            private long printedWhen = System.nanoTime();

            @Override
            public void committed(int done, int all, long revision) {
                long now = System.nanoTime();
                if (done < all && (done - printedAt >= PROGRESS_EVERY || now - printedWhen >= PROGRESS_MILLIS * 1_000_000)) {
                    err.println("applied " + done + "/" + all + " actions (revision " + revision + ")");
                    err.flush();
                    printedAt = done;
                    printedWhen = now;
                }
            }
        };
    }
}
