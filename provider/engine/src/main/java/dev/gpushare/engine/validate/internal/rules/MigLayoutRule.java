package dev.gpushare.engine.validate.internal.rules;

import static dev.gpushare.engine.validate.ValidationCode.MIG_NOT_SUPPORTED;
import static dev.gpushare.engine.validate.ValidationCode.SUFFIX_NOT_ALLOWED_ON_ENDPOINT;

import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.mig.LayoutResult;
import dev.gpushare.engine.mig.MigCode;
import dev.gpushare.engine.mig.MigLayouts;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.problem.Problem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A MIG layout names profiles of the GPU's model and can be cut from one GPU. Endpoint layouts
 * also refuse suffixed profiles, which SageMaker rejects; capacity-provider layouts allow them.
 */
final class MigLayoutRule implements Rule {
    @Override
    public List<Problem> check(RuleContext ctx) {
        List<Problem> out = new ArrayList<>();
        // Large specs repeat a few layouts many times: realise each (GPU model, layout) once.
        Map<List<Object>, LayoutResult> realized = new HashMap<>();
        var spec = ctx.spec();
        for (int i = 0; i < spec.capacityProviders().size(); i++) {
            var p = spec.capacityProviders().get(i);
            if (!(p.gpuSharing() instanceof GpuSharing.Mig mig)) continue;
            var hw = ctx.hardware(p.instanceType());
            // Not MIG-capable or fractional: SharingStrategyRule already said so.
            if (hw.isEmpty() || hw.get().type().fractional() || !hw.get().gpu().migCapable()) continue;
            checkLayout(out, realized, Paths.provider(i) + "/gpuSharing/partitionLayout", mig.partitionLayout(),
                    hw.get().gpu().name(), hw.get().gpu().mig());
        }
        for (int i = 0; i < spec.endpoints().size(); i++) {
            var e = spec.endpoints().get(i);
            if (e.partitionLayout() == null) continue;
            var hw = ctx.hardware(e.instanceType());
            if (hw.isEmpty()) continue;
            String at = Paths.endpoint(i) + "/partitionLayout";
            if (hw.get().type().fractional() || !hw.get().gpu().migCapable()) {
                out.add(Problems.of(at, MIG_NOT_SUPPORTED, "endpoint '" + e.name() + "' runs on " + e.instanceType()
                        + ", whose " + hw.get().gpu().name() + " GPU is not MIG-capable; remove partitionLayout"
                        + " or use a MIG-capable instance type such as ml.p4d.24xlarge"));
                continue;
            }
            boolean suffixed = false;
            for (int j = 0; j < e.partitionLayout().size(); j++) {
                String name = MigProfile.normalize(e.partitionLayout().get(j));
                if (name.indexOf('+') >= 0 || name.indexOf('-') >= 0) {
                    suffixed = true;
                    out.add(Problems.of(at + "/" + j, SUFFIX_NOT_ALLOWED_ON_ENDPOINT, "'" + e.partitionLayout().get(j)
                            + "' is a suffixed MIG profile, which SageMaker endpoints refuse; use the plain profile"
                            + " (e.g. 'mig-" + plain(name) + "')"));
                }
            }
            if (!suffixed) checkLayout(out, realized, at, e.partitionLayout(), hw.get().gpu().name(), hw.get().gpu().mig());
        }
        return out;
    }

    private static void checkLayout(List<Problem> out, Map<List<Object>, LayoutResult> realized, String at,
                                    List<String> layout, String gpuName, MigGeometry geometry) {
        List<String> offered = geometry.profiles().stream().map(MigProfile::name).toList();
        boolean unknown = false;
        for (int j = 0; j < layout.size(); j++) {
            if (geometry.profile(layout.get(j)).isEmpty()) {
                unknown = true;
                out.add(Problem.at(at + "/" + j, MigCode.MIG_UNKNOWN_PROFILE, "'" + layout.get(j) + "' is not a MIG profile of the "
                        + gpuName + Suggestions.hint(MigProfile.normalize(layout.get(j)), offered)
                        + "; it offers " + String.join(", ", offered)));
            }
        }
        if (unknown) return;
        LayoutResult result = realized.computeIfAbsent(List.of(gpuName, layout), k -> MigLayouts.realize(geometry, layout));
        switch (result) {
            case LayoutResult.Realized r -> { }
            case LayoutResult.Rejected r -> out.add(Problem.at(at, r.code(), r.message()));
        }
    }

    private static String plain(String name) {
        int cut = name.length();
        for (int k = 0; k < name.length(); k++) {
            char ch = name.charAt(k);
            if (ch == '+' || ch == '-') {
                cut = k;
                break;
            }
        }
        return name.substring(0, cut);
    }
}
