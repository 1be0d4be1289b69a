package dev.gpushare.engine.interop.cloudformation;

import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The specs the CloudFormation tests export: every example, and the spec with every sharing form. */
final class Templates {
    static final Path EVERY_FORM = Path.of("src/test/resources/cloudformation/every-sharing-form.yaml");

    private Templates() {}

    /** Every example under examples/ (each has ECS or SageMaker content) and the every-form spec. */
    static List<Path> specs() {
        List<Path> all = new ArrayList<>(Specs.examples());
        all.add(EVERY_FORM);
        return all;
    }

    /** The spec, placed, and exported. */
    record Exported(ResolvedSpec spec, FleetState placed, CloudFormationExporter.Export export) {}

    static Exported export(Path spec, EcsCapacity capacity) {
        ResolvedSpec resolved = ResolvedSpec.of(Specs.file(spec));
        FleetState placed = Pipeline.place(resolved);
        return new Exported(resolved, placed, CloudFormationExporter.export(resolved, placed, capacity));
    }

    /** A name for the spec's template files: the example's folder, or the file's name. */
    static String name(Path spec) {
        String file = spec.getFileName().toString();
        return file.equals("spec.yaml") ? spec.getParent().getFileName().toString() : file.replace(".yaml", "");
    }
}
