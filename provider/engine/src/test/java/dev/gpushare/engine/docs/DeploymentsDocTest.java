package dev.gpushare.engine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.engine.validate.ValidationReport;
import dev.gpushare.model.GpuRequirement;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/deployments.md's worked examples are valid specs, one per sharing form (MPS, MIG, time
 * slicing, whole GPUs, fractional GPUs): every YAML block of the page that is a whole spec
 * (it has apiVersion) validates without a problem.
 */
class DeploymentsDocTest {
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);

    static List<String> specs() throws IOException {
        String page = Files.readString(DocFiles.root().resolve("docs/deployments.md"));
        List<String> out = new ArrayList<>();
        Matcher m = YAML_BLOCK.matcher(page);
        while (m.find()) if (m.group(1).startsWith("apiVersion:")) out.add(m.group(1));
        return out;
    }

    @Test
    void everyWorkedExampleIsValidAndEachSharingFormHasOne() throws IOException {
        Set<String> forms = new TreeSet<>();
        List<String> specs = specs();
        for (String text : specs) {
            ValidationReport r = SpecValidator.validateText("deployments.md", text);
            assertThat(r.problems()).as(text).isEmpty();
            Spec spec = r.spec();
            spec.capacityProviders().forEach(cp -> {
                if (cp.gpuSharing() != null) forms.add(switch (cp.gpuSharing()) {
                    case GpuSharing.Mps m -> "MPS";
                    case GpuSharing.Mig m -> "MIG";
                    case GpuSharing.TimeSlicing t -> "TIME_SLICING";
                    case GpuSharing.Exclusive e -> "EXCLUSIVE";
                });
            });
            spec.taskDefinitions().forEach(td -> td.containers().forEach(c -> {
                if (c.gpu() instanceof GpuRequirement.Fraction) forms.add("FRACTIONAL");
            }));
            // each worked example shows a deployment setting or what a container runs
            assertThat(text).as(text).containsAnyOf("deploymentConfiguration", "rollingUpdatePolicy", "healthCheck",
                    "environment", "command", "entryPoint");
        }
        assertThat(forms).containsExactly("EXCLUSIVE", "FRACTIONAL", "MIG", "MPS", "TIME_SLICING");
    }
}
