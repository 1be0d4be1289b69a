package dev.gpushare.engine;

import dev.gpushare.engine.advise.Advice;
import dev.gpushare.engine.advise.LayoutAdvisor;
import dev.gpushare.engine.backend.Snapshot;
import dev.gpushare.engine.placement.Placer;
import dev.gpushare.engine.plan.Baseline;
import dev.gpushare.engine.plan.Plan;
import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Replan;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.engine.state.InstanceId;
import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The one composition of the engine's stages, which every front door calls (the CLI, the Java
 * API {@link Gpushare}, the HTTP service, the Pulumi provider):
 *
 * <pre>
 *   spec | text | files ──check──► Checked ──► Valid(ResolvedSpec) ──place──► FleetState (desired)
 *                                   └─► Invalid(problems)           ──plan(snapshot)──► Plan
 *                                                                   ──advise──► Advice
 *                                                                   ──adviseCapacity──► CapacityAdvice
 * </pre>
 *
 * {@link #check} validates (schema and semantic rules) and resolves the spec against the catalog
 * once; the resolved spec is what the rules read and what placement and planning read after them.
 * Every stage is pure: nothing here reads or writes a backend (the caller passes the snapshot and
 * applies the plan with {@link dev.gpushare.engine.reconcile.Reconciler}).
 */
public final class Pipeline {
    private Pipeline() {}

    /** A spec built in code (the DSL, the Pulumi provider): problems point into its document form, with no file. */
    public static Checked check(Spec spec) {
        return checked(SpecValidator.check(spec));
    }

    /** One document given as text; {@code fileName} is what problems name as their file. */
    public static Checked check(String fileName, String text) {
        return checked(SpecValidator.validateText(fileName, text));
    }

    /**
     * One document given as a tree (the Pulumi provider merges its resources' fragments into one):
     * as {@link #check(String, String)}, without printing and re-parsing it; problems have paths
     * and no line numbers.
     */
    public static Checked check(String fileName, tools.jackson.databind.JsonNode document) {
        return checked(SpecValidator.validateTree(fileName, document));
    }

    /**
     * A spec split over files (one file is the usual case), merged in the order given.
     *
     * @throws java.io.UncheckedIOException when a file cannot be read (a usage error, not a spec problem)
     */
    public static Checked check(List<Path> files) {
        return checked(SpecValidator.validateFiles(files));
    }

    /** The desired state on an empty fleet (what {@code gpushare place} prints). */
    public static FleetState place(ResolvedSpec spec) {
        return Placer.place(spec, FleetState.empty(spec.cluster()));
    }

    /**
     * The desired state from {@code current}: copies that still fit stay where they are; the
     * unhealthy instances in {@code replace} are evacuated, other unhealthy ones keep their copies.
     */
    public static FleetState place(ResolvedSpec spec, FleetState current, Set<InstanceId> replace) {
        return Placer.place(spec, current, replace);
    }

    /** The actions that converge {@code actual} to the spec (unhealthy instances replaced within the ECS budget). */
    public static Plan plan(ResolvedSpec spec, Snapshot actual) {
        return Planner.plan(spec, actual);
    }

    /**
     * {@link #plan(ResolvedSpec, Snapshot)} from the cluster's {@link Baseline} (the spec and revision
     * it was last converged to, or null): when {@code actual} is at that revision, placement and diff
     * follow the change between the two specs (unchanged services keep their copies unread); the
     * plan is the same byte for byte. {@link Replan#after} gives the baseline to keep once applied.
     */
    public static Replan plan(ResolvedSpec spec, Snapshot actual, Baseline baseline) {
        return Planner.replan(spec, actual, baseline);
    }

    /** MIG layouts for the endpoints whose components give {@code gpuMemoryMiB} instead of a partition type. */
    public static Advice advise(ResolvedSpec spec) {
        return LayoutAdvisor.advise(spec);
    }

    /** The cheapest way (instance type and sharing form) to run each workload, placed by the engine ({@code advise capacity}). */
    public static dev.gpushare.engine.advise.capacity.CapacityAdvice adviseCapacity(
            ResolvedSpec spec, dev.gpushare.engine.advise.capacity.Isolation floor) {
        return dev.gpushare.engine.advise.capacity.CapacityAdvisor.advise(spec, floor);
    }

    private static Checked checked(ValidationReport report) {
        return report.valid() ? new Checked.Valid(report.resolved()) : new Checked.Invalid(report.problems(), report.spec());
    }
}
