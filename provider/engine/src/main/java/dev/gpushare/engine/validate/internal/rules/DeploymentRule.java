package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.BATCH_SIZE_OUT_OF_RANGE;
import static dev.gpushare.engine.validate.ValidationCode.CIRCUIT_BREAKER_DISABLED;
import static dev.gpushare.engine.validate.ValidationCode.DEPLOYMENT_BLOCKED;

import dev.gpushare.model.BatchSize;
import dev.gpushare.model.DeploymentConfiguration;
import dev.gpushare.model.InferenceComponent;
import dev.gpushare.model.RollingUpdatePolicy;
import dev.gpushare.model.Service;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * What a rollout needs from the deployment settings (the ranges are the schema's): a service's
 * minimumHealthyPercent and maximumPercent must leave room to replace at least one copy, and a
 * breaker that rolls back must be enabled; a component's batch sizes are in SageMaker's ranges.
 */
final class DeploymentRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        List<Problem> out = new ArrayList<>(Each.entry(ctx.spec().services(), DeploymentRule::service));
        out.addAll(Each.entry(ctx.spec().inferenceComponents(), DeploymentRule::component));
        return out;
    }

    private static void service(int i, Service s, List<Problem> out) {
        DeploymentConfiguration d = s.deployment();
        int n = s.desiredCount(), min = d.minimumHealthy(), max = d.maximum();
        // (a count past the size limit is SizeLimitRule's: SPEC_TOO_LARGE)
        if (n > 0 && n <= dev.gpushare.engine.validate.SpecLimits.DEFAULT.maxCopies() && min >= 0 && min <= 100 && max >= 100 && max <= 200) {
            int keep = d.minimumHealthyCopies(n), run = d.maximumCopies(n);
            // a wave replaces a copy either next to its old one (run > n) or after stopping it (keep < n)
            if (run <= keep) {
                // the smallest maximumPercent with ⌊p·n/100⌋ ≥ keep + 1, the largest minimumHealthyPercent with ⌈q·n/100⌉ ≤ run − 1
                int raiseTo = (int) Math.min(200, ((keep + 1) * 100L + n - 1) / n);
                int lowerTo = (int) Math.max(0, (run - 1) * 100L / n);
                String path = Paths.service(i) + "/deploymentConfiguration";
                out.add(Problems.of(path, DEPLOYMENT_BLOCKED,
                        "service '" + s.name() + "' (desiredCount " + n + "): minimumHealthyPercent " + min + " keeps " + keep
                                + (keep == 1 ? " copy" : " copies") + " running and maximumPercent " + max + " lets " + run
                                + " run at once, so no copy can be replaced by a new revision; raise maximumPercent to "
                                + raiseTo + " or lower minimumHealthyPercent to " + lowerTo));
            }
        }
        if (s.deploymentCircuitBreaker() != null && s.deploymentCircuitBreaker().rollback() && !s.deploymentCircuitBreaker().enable()) {
            out.add(Problems.of(Paths.service(i) + "/deploymentCircuitBreaker/enable", CIRCUIT_BREAKER_DISABLED,
                    "service '" + s.name() + "' asks the circuit breaker to roll back but does not enable it; set enable: true or remove rollback"));
        }
    }

    private static void component(int i, InferenceComponent ic, List<Problem> out) {
        RollingUpdatePolicy p = ic.rollingUpdatePolicy();
        if (p == null) return;
        String path = Paths.component(i) + "/rollingUpdatePolicy";
        batch(ic, p.maximumBatchSize(), path + "/maximumBatchSize", 50, out);
        if (p.rollbackMaximumBatchSize() != null) batch(ic, p.rollbackMaximumBatchSize(), path + "/rollbackMaximumBatchSize", 100, out);
    }

    private static void batch(InferenceComponent ic, BatchSize b, String path, int maxPercent, List<Problem> out) {
        switch (b.type()) {
            case CAPACITY_PERCENT -> {
                if (b.value() < 5 || b.value() > maxPercent) {
                    out.add(Problems.of(path + "/value", BATCH_SIZE_OUT_OF_RANGE, "inference component '" + ic.name() + "': "
                            + "CAPACITY_PERCENT " + b.value() + " is outside SageMaker's 5-" + maxPercent + " %; use a value from 5 to " + maxPercent));
                }
            }
            case COPY_COUNT -> {
                if (b.value() < 1 || b.value() > Math.max(1, ic.copyCount())) {
                    out.add(Problems.of(path + "/value", BATCH_SIZE_OUT_OF_RANGE, "inference component '" + ic.name() + "': "
                            + "COPY_COUNT " + b.value() + " is more than its copyCount " + ic.copyCount() + "; use a value from 1 to "
                            + Math.max(1, ic.copyCount())));
                }
            }
        }
    }
}
