package dev.gpushare.engine.reconcile.internal.shapes;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.plan.Action;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.reconcile.StateView;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape rules of apply-time actions in their fixed order, folded over the instances the
 * actions touch: what {@link dev.gpushare.engine.reconcile.ActionCheck} runs before capacity. Each
 * action is checked by every rule (a rule answers only for its kinds), against the instances as
 * the earlier actions leave them ({@link Shapes}); then it is folded in. The order is the order of
 * the problems: an action's id, its reason, where a copy came from, a launch's name, type, GPUs
 * and layout, a GPU's configuration, where a copy goes.
 */
public final class ActionShapes {
    private static final List<ShapeRule> ORDER = List.of(
            new TerminatedIdRule(),
            new ReasonRule(),
            new FromRule(),
            new InstanceNameRule(),
            new LaunchTypeRule(),
            new InstanceGpusRule(),
            new DeclaredLayoutRule(),
            new ConfigureRule(),
            new PlaceRule(),
            new RolloutRecordRule());

    /** More problems than this are counted, not listed: a forged batch of a million actions gets a short answer. */
    public static final int MAX_PROBLEMS = 50;

    private final Shapes shapes;
    private final List<Problem> problems = new ArrayList<>();
    private int dropped;

    private ActionShapes(Shapes shapes) {
        this.shapes = shapes;
    }

    /** A check that loads instances from {@code view} as actions name them (a backend's batch). */
    public static ActionShapes over(StateView view, Catalog catalog) {
        return new ActionShapes(new Shapes(catalog, view));
    }

    /** Checks and folds {@code actions}; paths are {@code base + "/" + (offset + i)}. */
    public void actions(List<? extends Action> actions, String base, int offset) {
        for (int i = 0; i < actions.size(); i++) action(actions.get(i), base + "/" + (offset + i));
    }

    public List<Problem> problems() {
        if (dropped == 0) return List.copyOf(problems);
        List<Problem> out = new ArrayList<>(problems);
        out.add(Problem.at("", problems.getLast().code(), "… and " + dropped + " more problem(s), not listed"));
        return out;
    }

    private void action(Action action, String path) {
        boolean wellFormed = true;
        for (ShapeRule rule : ORDER) {
            for (Problem p : rule.check(action, path, shapes)) {
                // text is refused, but an instance with an unprintable reason still has its shape
                if (p.code() != ApplyCode.ACTION_TEXT) wellFormed = false;
                if (problems.size() >= MAX_PROBLEMS) dropped++;
                else problems.add(p);
            }
        }
        shapes.fold(action, wellFormed);
    }
}
