package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.PARTITION_NOT_IN_LAYOUT;
import static dev.gpushare.engine.validate.ValidationCode.PARTITION_REQUIRES_MIG_SHARING;

import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/** {@code {partition: p}} containers run on MIG providers whose layout has {@code p}. */
final class PartitionRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        return Each.wholeTypeUse(ctx, (use, out) -> {
            var containers = use.task().containers();
            for (int c = 0; c < containers.size(); c++) {
                if (!(containers.get(c).gpu() instanceof GpuRequirement.Partition p)) continue;
                String at = Paths.container(use.taskIndex(), c) + "/gpu/partition";
                String name = containers.get(c).name();
                if (!(use.sharing() instanceof GpuSharing.Mig mig)) {
                    out.add(Problems.of(at, PARTITION_REQUIRES_MIG_SHARING, "container '" + name + "' asks for MIG partition '"
                            + p.profile() + "' but " + use.where() + " does not use MIG; move the service to a MIG"
                            + " capacity provider whose layout has that profile"));
                    continue;
                }
                String wanted = MigProfile.normalize(p.profile());
                if (mig.partitionLayout().stream().map(MigProfile::normalize).noneMatch(wanted::equals)) {
                    out.add(Problems.of(at, PARTITION_NOT_IN_LAYOUT, "container '" + name + "' asks for partition '"
                            + p.profile() + "' but the layout of capacity provider '" + use.provider().name()
                            + "' declares " + String.join(", ", mig.partitionLayout())
                            + "; use one of those or add it to the layout"));
                }
            }
        });
    }
}
