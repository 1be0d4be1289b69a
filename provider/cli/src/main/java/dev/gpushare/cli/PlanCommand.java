package dev.gpushare.cli;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.cost.CopySizes;
import dev.gpushare.engine.cost.FleetUsage;
import dev.gpushare.engine.cost.PriceList;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.cost.PlanReport;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.PlanJson;
import dev.gpushare.engine.resolve.ResolvedSpec;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpushare plan FILE... [--backend URL] [--out FILE]}: what apply would change. Writes nothing to the backend. */
@Command(name = "plan",
        description = {
                "Validate a spec, read the cluster's actual state from the backend and print the actions "
                        + "that would converge it, like a terraform plan: + launch/place, ~ configure/move, "
                        + "- stop/terminate, -/+ replace, then what the change does to the fleet's cost per hour "
                        + "and GPU memory ($/hour before → after) and the desired fleet's cost table. Nothing is changed.",
                "--out saves the plan; 'gpushare apply FILE.plan' then applies exactly it, and only while "
                        + "the backend is still at the revision the plan was made against."},
        footer = {
                "  gpushare plan examples/mps-sharing/spec.yaml",
                "  gpushare plan spec.yaml --out change.plan && gpushare apply change.plan",
                "  gpushare plan spec.yaml --format json --backend file:/var/lib/gpushare/state"},
        exitCodeList = {
                "0:the plan was computed (possibly empty)",
                "1:the spec has problems (printed on stderr)",
                "2:usage error, or a file is missing or unreadable",
                "3:the spec is valid but something could not be placed",
                "4:the backend could not be read"})
final class PlanCommand extends GpushareCommand {
    @Mixin private BackendOption backend;

    @Mixin private SpecFilesParameter specFiles;

    @Option(names = "--out", paramLabel = "FILE", description = "Also save the plan (JSON) to FILE, for 'gpushare apply FILE'.")
    private Path out;

    @Override
    public Integer call() {
        var err = command.commandLine().getErr();
        // the backend reads the cluster's state while the spec is read and checked
        Gpushare ahead = backend.openReadingAhead();
        ResolvedSpec spec = null;
        try {
            spec = specFiles.read(format.json(), err);
        } finally {
            if (spec == null && ahead != null) ahead.close(); // waits for the read ahead
        }
        if (spec == null) return ExitCodes.INVALID;
        Plan plan;
        PlanReport report;
        try (Gpushare gs = ahead != null ? ahead : backend.open()) {
            plan = gs.plan(spec);
            // The fleet before: what the plan was made against (a later revision makes the plan stale anyway).
            FleetState before = gs.snapshot(plan.cluster()).state();
            // one spec: its prices and copy sizes worked out once for both figures
            PriceList prices = PriceList.of(spec.catalog(), spec.spec());
            CopySizes sizes = CopySizes.of(spec.spec(), spec.catalog());
            // the instances the plan leaves as they are are added up once (all of them for a converged fleet)
            FleetUsage.Change usage = FleetUsage.of(before, plan.desired(), prices, sizes);
            report = new PlanReport(plan, usage.before(), usage.after());
        } catch (BackendException e) {
            throw BackendOption.failed(e);
        }
        Print.document(command.commandLine().getOut(), switch (format.get()) {
            case JSON -> report.json();
            case TEXT -> report.text();
            case SVG, HTML -> throw UserError.usage("plan prints text or json; use 'gpushare status --format "
                    + format.get().name().toLowerCase(java.util.Locale.ROOT) + "' for a picture of the fleet");
        });
        if (out != null) {
            try {
                OutputFile.write(out, PlanJson.toJson(plan));
            } catch (IOException e) {
                throw UserError.usage("cannot write the plan to " + out + ": " + e.getMessage() + "; choose another --out path");
            }
            err.println("Saved the plan to " + out + " (revision " + plan.revision() + "). Apply exactly it with: gpushare apply " + out);
        }
        return plan.infeasible() ? ExitCodes.UNPLACED : ExitCodes.OK;
    }
}
