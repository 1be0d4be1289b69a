package dev.gpushare.kubernetes;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The example specs of the repository that map to Kubernetes, read and validated. */
final class Specs {
    static final Path ROOT = root();
    /** Every example spec, and the mapping examples of docs/kubernetes.md. */
    static final List<String> MAPPING = List.of(
            "examples/mps-sharing/spec.yaml",
            "examples/ecs-gpu-tasks/spec.yaml",
            "examples/sagemaker-mig/spec.yaml",
            "examples/unhealthy-replacement/spec.yaml",
            "examples/contract-example/spec.yaml",
            "examples/kubernetes/time-slicing.yaml",
            "examples/kubernetes/mig-provider.yaml");

    private Specs() {}

    static Spec read(String relative) {
        ValidationReport r = SpecValidator.validateFiles(List.of(ROOT.resolve(relative)));
        if (!r.problems().isEmpty()) throw new AssertionError(relative + ": " + r.problems());
        return r.spec();
    }

    /** The spec with another cluster name, so tests in one namespace keep apart. */
    static Spec named(Spec s, String cluster) {
        return new Spec(s.apiVersion(), cluster, s.capacityProviders(), s.taskDefinitions(), s.services(),
                s.endpoints(), s.inferenceComponents(), s.instanceTypes());
    }

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("examples"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("repository root not found from " + Path.of("").toAbsolutePath());
        return p;
    }
}
