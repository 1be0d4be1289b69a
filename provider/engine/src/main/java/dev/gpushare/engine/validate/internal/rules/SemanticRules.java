package dev.gpushare.engine.validate.internal.rules;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * The semantic rules in their fixed order: names and references first, then what the hardware can
 * do, then each task on each provider it is used on, then endpoints.
 */
public final class SemanticRules {
    private static final List<Rule> ORDER = List.of(
            new SizeLimitRule(),
            new UniqueNameRule(),
            new ContainerNameRule(),
            new ReferenceRule(),
            new InstanceTypeRule(),
            new PricingRule(),
            new CapacityBoundsRule(),
            new SharingStrategyRule(),
            new MigLayoutRule(),
            new GpuFormRule(),
            new MpsRule(),
            new WholeGpuRule(),
            new FractionRule(),
            new PartitionRule(),
            new TaskResourcesRule(),
            new InferenceComponentRule(),
            new DeploymentRule(),
            new ContainerRunRule());

    private SemanticRules() {}

    /** Every semantic problem of the spec, paths into the (merged) spec document, {@code file} null. */
    public static List<Problem> check(ResolvedSpec spec) {
        RuleContext ctx = RuleContext.of(spec);
        List<Problem> out = new ArrayList<>();
        for (Rule rule : ORDER) out.addAll(rule.check(ctx));
        return out;
    }
}
