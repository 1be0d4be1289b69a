package dev.gpushare.engine.catalog;

import dev.gpushare.engine.catalog.internal.CatalogLoader;
import dev.gpushare.model.InstanceTypeDef;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The GPU models and instance types gpushare knows: the built-in data of
 * {@code schema/catalog/*.json}, plus the instance types a spec declares. Immutable; memory in MiB,
 * prices in USD per instance-hour.
 */
public final class Catalog {
    private final Map<String, GpuModel> gpuModels;
    private final Map<String, InstanceType> instanceTypes;
    private final Map<String, Price> prices;

    private Catalog(Map<String, GpuModel> gpuModels, Map<String, InstanceType> instanceTypes, Map<String, Price> prices) {
        // TreeMaps keep both listings sorted by name, which every printout relies on.
        this.gpuModels = Collections.unmodifiableMap(new TreeMap<>(gpuModels));
        this.instanceTypes = Collections.unmodifiableMap(new TreeMap<>(instanceTypes));
        this.prices = Map.copyOf(prices);
    }

    /**
     * The catalog shipped with gpushare, read once from the classpath.
     *
     * @throws IllegalStateException if the built-in data is missing or malformed (a packaging bug)
     */
    public static Catalog builtIn() {
        return BuiltIn.INSTANCE;
    }

    /** A catalog built from the given models and types, without prices (for tests and tools; no cross-checks). */
    public static Catalog of(List<GpuModel> models, List<InstanceType> types) {
        return of(models, types, Map.of());
    }

    /** A catalog built from the given models, types and prices by instance type name (no cross-checks). */
    public static Catalog of(List<GpuModel> models, List<InstanceType> types, Map<String, Price> prices) {
        Map<String, GpuModel> m = new TreeMap<>();
        for (GpuModel g : models) {
            if (m.putIfAbsent(g.name(), g) != null) {
                throw new IllegalArgumentException("GPU model defined twice: " + g.name());
            }
        }
        Map<String, InstanceType> t = new TreeMap<>();
        for (InstanceType it : types) {
            if (t.putIfAbsent(it.name(), it) != null) {
                throw new IllegalArgumentException("instance type defined twice: " + it.name());
            }
        }
        return new Catalog(m, t, prices);
    }

    /**
     * This catalog plus the instance types a spec declares. A declared name that clashes with a
     * known type, or whose GPU model is unknown, is skipped here: reporting it is the validator's
     * job. Declared types are never fractional; one that gives {@code perHour} has that price.
     */
    public Catalog withDeclared(List<InstanceTypeDef> defs) {
        if (defs.isEmpty()) return this; // immutable: nothing to add
        Map<String, InstanceType> types = new TreeMap<>(instanceTypes);
        Map<String, Price> withPrices = new HashMap<>(prices);
        for (InstanceTypeDef d : defs) {
            if (types.containsKey(d.name()) || !gpuModels.containsKey(d.gpuModel())) {
                continue;
            }
            types.put(d.name(), new InstanceType(
                    d.name(), d.gpuModel(), d.gpuCount(), d.vcpus(), d.memoryMiB(), null, null, false));
            if (d.perHour() != null) {
                withPrices.put(d.name(), new Price(d.perHour(), PriceBasis.SPEC, null, null, "declared in the spec"));
            }
        }
        return new Catalog(gpuModels, types, withPrices);
    }

    /**
     * The On-Demand list price of an instance type: the built-in figure (us-east-1) or the one its
     * spec declaration gives; empty for a declared type without {@code perHour}. Spec overrides and
     * discounts ({@code pricing:}) are applied by {@code dev.gpushare.engine.cost.PriceList}.
     */
    public Optional<Price> price(String instanceType) {
        return Optional.ofNullable(prices.get(instanceType));
    }

    public Optional<InstanceType> instanceType(String name) {
        return Optional.ofNullable(instanceTypes.get(name));
    }

    public Optional<GpuModel> gpuModel(String name) {
        return Optional.ofNullable(gpuModels.get(name));
    }

    /** Every instance type, sorted by name. */
    public List<InstanceType> instanceTypes() {
        return List.copyOf(instanceTypes.values());
    }

    /** Every GPU model, sorted by name. */
    public List<GpuModel> gpuModels() {
        return List.copyOf(gpuModels.values());
    }

    /**
     * GPU memory one GPU of this type offers a container, in MiB: the slice memory of a
     * fractional type, else the model's usable memory (total less the driver reserve).
     *
     * @throws IllegalArgumentException if the type's GPU model is not in this catalog
     */
    public long usableGpuMemoryMiB(InstanceType type) {
        GpuModel model = gpuModels.get(type.gpuModel());
        if (model == null && type.gpuMemoryMiB() == null) {
            throw new IllegalArgumentException(
                    "instance type " + type.name() + " names GPU model " + type.gpuModel() + ", which this catalog lacks");
        }
        return type.usableGpuMemoryMiB(model);
    }

    @Override
    public String toString() {
        return "Catalog[" + gpuModels.size() + " GPU models, " + instanceTypes.size() + " instance types]";
    }

    /** Lazy holder: the resources are parsed on first use, once. */
    private static final class BuiltIn {
        static final Catalog INSTANCE = load();

        private static Catalog load() {
            List<GpuModel> models = CatalogLoader.gpuModels(CatalogLoader.readResource(CatalogLoader.GPUS_RESOURCE));
            List<InstanceType> types = CatalogLoader.instanceTypes(
                    CatalogLoader.readResource(CatalogLoader.INSTANCE_TYPES_RESOURCE));
            Map<String, Price> prices = CatalogLoader.prices(CatalogLoader.readResource(CatalogLoader.PRICES_RESOURCE));
            try {
                Catalog c = of(models, types, prices);
                for (InstanceType t : c.instanceTypes()) {
                    if (c.gpuModel(t.gpuModel()).isEmpty()) {
                        throw new IllegalStateException(
                                "built-in instance type " + t.name() + " names unknown GPU model " + t.gpuModel());
                    }
                    if (c.price(t.name()).isEmpty()) {
                        throw new IllegalStateException("built-in instance type " + t.name() + " has no price");
                    }
                }
                for (String priced : prices.keySet()) {
                    if (c.instanceType(priced).isEmpty()) {
                        throw new IllegalStateException("built-in price for unknown instance type " + priced);
                    }
                }
                return c;
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("built-in catalog is inconsistent: " + e.getMessage(), e);
            }
        }
    }
}
