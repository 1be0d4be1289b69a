package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.GPU_MEMORY_WITH_LAYOUT;
import static dev.gpushare.engine.validate.ValidationCode.HOST_MEMORY_EXCEEDS_INSTANCE;
import static dev.gpushare.engine.validate.ValidationCode.PARTITION_NOT_IN_LAYOUT;
import static dev.gpushare.engine.validate.ValidationCode.PARTITION_TYPE_REQUIRED;
import static dev.gpushare.engine.validate.ValidationCode.PARTITION_TYPE_WITHOUT_LAYOUT;

import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * An inference component fits its endpoint as SageMaker checks it: partitionType is required with
 * a layout and must be one of its entries, absent without one; gpuMemoryMiB (the layout advisor's
 * input) only where the endpoint leaves the layout open; host memory fits the instance.
 */
final class InferenceComponentRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.entry(ctx.spec().inferenceComponents(), (i, ic, out) -> {
            var found = ctx.endpoint(ic.endpoint());
            if (found.isEmpty()) return;
            var endpoint = found.get();
            String at = Paths.component(i);
            List<String> layout = endpoint.partitionLayout();
            if (layout != null) {
                if (ic.gpuMemoryMiB() != null) {
                    out.add(Problems.of(at + "/gpuMemoryMiB", GPU_MEMORY_WITH_LAYOUT, "inference component '" + ic.name()
                            + "' gives gpuMemoryMiB but endpoint '" + endpoint.name() + "' already has a partitionLayout;"
                            + " remove gpuMemoryMiB and set partitionType to one of " + String.join(", ", layout)));
                } else if (ic.partitionType() == null) {
                    out.add(Problems.of(at, PARTITION_TYPE_REQUIRED, "inference component '" + ic.name() + "' has no"
                            + " partitionType but endpoint '" + endpoint.name() + "' has a partitionLayout; set"
                            + " partitionType to one of " + String.join(", ", layout)));
                }
                if (ic.partitionType() != null) {
                    String wanted = MigProfile.normalize(ic.partitionType());
                    if (layout.stream().map(MigProfile::normalize).noneMatch(wanted::equals)) {
                        out.add(Problems.of(at + "/partitionType", PARTITION_NOT_IN_LAYOUT, "partitionType '"
                                + ic.partitionType() + "' is not in the layout of endpoint '" + endpoint.name()
                                + "', which declares " + String.join(", ", layout) + "; use one of those"));
                    }
                }
            } else if (ic.partitionType() != null) {
                out.add(Problems.of(at + "/partitionType", PARTITION_TYPE_WITHOUT_LAYOUT, "inference component '"
                        + ic.name() + "' names partitionType '" + ic.partitionType() + "' but endpoint '"
                        + endpoint.name() + "' has no partitionLayout; remove partitionType (copies then use whole"
                        + " GPUs" + (ic.gpuMemoryMiB() != null ? ", or the layout advisor sizes them from gpuMemoryMiB" : "")
                        + ") or give the endpoint a layout"));
            }
            var hw = ctx.hardware(endpoint.instanceType());
            if (ic.hostMemoryMiB() != null && hw.isPresent() && ic.hostMemoryMiB() > hw.get().type().memoryMiB()) {
                out.add(Problems.of(at + "/hostMemoryMiB", HOST_MEMORY_EXCEEDS_INSTANCE, "inference component '"
                        + ic.name() + "' asks for " + ic.hostMemoryMiB() + " MiB of host memory per copy but "
                        + endpoint.instanceType() + " (endpoint '" + endpoint.name() + "') has "
                        + hw.get().type().memoryMiB() + " MiB; lower hostMemoryMiB or use a larger instance type"));
            }
        });
    }
}
