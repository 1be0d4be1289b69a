package dev.gpushare.kubernetes.controller;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.kubernetes.crd.SpecResources;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * What one cluster should be, as the controller's source (spec files or custom resources) says:
 * a checked spec, or its problems. {@code document} is the custom resources it was assembled from
 * ({@code null} for spec files), so that status and problems go on the right resource.
 */
public sealed interface Desired permits Desired.Valid, Desired.Invalid {
    String cluster();

    SpecResources.Document document();

    record Valid(ResolvedSpec spec, SpecResources.Document document) implements Desired {
        @Override
        public String cluster() {
            return spec.spec().cluster();
        }
    }

    record Invalid(String cluster, List<Problem> problems, SpecResources.Document document) implements Desired {}
}
