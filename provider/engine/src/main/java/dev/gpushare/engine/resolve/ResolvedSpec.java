package dev.gpushare.engine.resolve;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.model.CapacityProvider;
import dev.gpushare.model.GpuSharing;
import dev.gpushare.model.Spec;
import java.util.Objects;

/**
 * A spec resolved against the catalog, once: the catalog with the spec's declared instance types,
 * read by the validation rules and by the solver alike (as the Kubernetes scheduler's PreFilter
 * computes a pod's demand once for Filter and Score). Built for any bound spec, valid or not: what
 * does not resolve is simply absent, and the rules say why. Immutable.
 */
public final class ResolvedSpec {
    private final Spec spec;
    private final Catalog builtIn;
    private final Catalog catalog;

    private ResolvedSpec(Spec spec, Catalog builtIn) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.builtIn = Objects.requireNonNull(builtIn, "builtIn");
        this.catalog = builtIn.withDeclared(spec.instanceTypes());
    }

    /** Resolves against the built-in catalog. */
    public static ResolvedSpec of(Spec spec) {
        return new ResolvedSpec(spec, Catalog.builtIn());
    }

    /** Resolves against another base catalog (tests and tools). */
    public static ResolvedSpec of(Spec spec, Catalog builtIn) {
        return new ResolvedSpec(spec, builtIn);
    }

    public Spec spec() {
        return spec;
    }

    public String cluster() {
        return spec.cluster();
    }

    /** The catalog without the spec's declared types (to tell a redeclaration). */
    public Catalog builtIn() {
        return builtIn;
    }

    /**
     * How a capacity provider shares its GPUs: as declared, and MPS when it declares nothing (as
     * ECS shares a whole-GPU instance type; a fractional type ignores it). The one place this
     * default is applied: the rules and the solver both read it.
     */
    public static GpuSharing sharing(CapacityProvider provider) {
        return provider.gpuSharing() != null ? provider.gpuSharing() : DEFAULT_SHARING;
    }

    private static final GpuSharing DEFAULT_SHARING = new GpuSharing.Mps(null);

    /** The base catalog plus the spec's declared instance types. */
    public Catalog catalog() {
        return catalog;
    }
}
