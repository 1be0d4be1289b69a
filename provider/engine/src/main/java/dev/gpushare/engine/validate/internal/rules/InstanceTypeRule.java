package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.INSTANCE_TYPE_REDECLARED;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_GPU_MODEL;
import static dev.gpushare.engine.validate.ValidationCode.UNKNOWN_INSTANCE_TYPE;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Declared instance types are new names on known GPU models; capacity providers and endpoints use
 * instance types that exist.
 */
final class InstanceTypeRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        var spec = ctx.spec();
        List<Problem> out = new ArrayList<>();
        List<String> models = ctx.builtIn().gpuModels().stream().map(GpuModel::name).toList();
        for (int i = 0; i < spec.instanceTypes().size(); i++) {
            var def = spec.instanceTypes().get(i);
            if (ctx.builtIn().instanceType(def.name()).isPresent()) {
                out.add(Problems.of(Paths.instanceType(i) + "/name", INSTANCE_TYPE_REDECLARED,
                        "'" + def.name() + "' is a built-in instance type; remove the declaration or give it another name"));
            }
            if (ctx.builtIn().gpuModel(def.gpuModel()).isEmpty()) {
                out.add(Problems.of(Paths.instanceType(i) + "/gpuModel", UNKNOWN_GPU_MODEL,
                        "GPU model '" + def.gpuModel() + "' is not in the catalog" + Suggestions.hint(def.gpuModel(), models)
                                + "; known models: " + String.join(", ", models)));
            }
        }
        // A declared type that was skipped for its own problem is not unknown: do not report it twice.
        Set<String> declared = spec.instanceTypes().stream().map(d -> d.name()).collect(Collectors.toSet());
        List<String> known = ctx.catalog().instanceTypes().stream().map(InstanceType::name).toList();
        for (int i = 0; i < spec.capacityProviders().size(); i++) {
            String type = spec.capacityProviders().get(i).instanceType();
            if (ctx.catalog().instanceType(type).isEmpty() && !declared.contains(type)) {
                out.add(unknown(Paths.provider(i) + "/instanceType", type, known));
            }
        }
        for (int i = 0; i < spec.endpoints().size(); i++) {
            String type = spec.endpoints().get(i).instanceType();
            if (ctx.catalog().instanceType(type).isEmpty() && !declared.contains(type)) {
                out.add(unknown(Paths.endpoint(i) + "/instanceType", type, known));
            }
        }
        return out;
    }

    private static Problem unknown(String path, String type, List<String> known) {
        return Problems.of(path, UNKNOWN_INSTANCE_TYPE, "instance type '" + type + "' is not in the catalog"
                + Suggestions.hint(type, known) + "; declare it under instanceTypes or see `gpushare catalog`");
    }
}
