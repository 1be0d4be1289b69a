package dev.gpushare.engine.catalog;

import dev.gpushare.engine.internal.TextTable;
import dev.gpushare.model.io.Json;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The catalog as printed by {@code gpushare catalog}: JSON (the data files' field names, plus
 * each instance type's usable GPU memory) or a text report. Memory in MiB; models and types in
 * name order.
 */
public final class CatalogDocument {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private CatalogDocument() {}

    /** {@code {"gpuModels": [...], "instanceTypes": [...]}}. */
    public static JsonNode toTree(Catalog catalog) {
        ObjectNode root = MAPPER.createObjectNode();
        // GpuModel, MigGeometry and MigProfile as records: their components are the keys, in order
        root.set("gpuModels", Json.tree(catalog.gpuModels()));
        ArrayNode types = root.putArray("instanceTypes");
        for (InstanceType t : catalog.instanceTypes()) {
            ObjectNode o = types.addObject();
            o.put("name", t.name());
            o.put("gpuModel", t.gpuModel());
            o.put("gpuCount", t.gpuCount());
            o.put("vcpus", t.vcpus());
            o.put("memoryMiB", t.memoryMiB());
            o.put("fraction", t.fraction());
            o.put("gpuMemoryMiB", t.gpuMemoryMiB());
            o.put("usableGpuMemoryMiB", catalog.usableGpuMemoryMiB(t));
            o.put("builtIn", t.builtIn());
            Price price = catalog.price(t.name()).orElse(null);
            if (price == null) {
                o.putNull("price");
            } else {
                ObjectNode p = o.putObject("price");
                p.put("perHour", price.perHour());
                p.put("currency", "USD");
                p.put("basis", price.basis().name().toLowerCase(java.util.Locale.ROOT));
                p.put("region", price.region());
                p.put("date", price.date() == null ? null : price.date().toString());
            }
        }
        return root;
    }

    /** {@link #toTree} pretty-printed, ending with a newline. */
    public static String toJson(Catalog catalog) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toTree(catalog)) + "\n";
    }

    /** Three tables: GPU models, instance types, then the MIG profiles of each MIG-capable model. */
    public static String toText(Catalog catalog) {
        StringBuilder out = new StringBuilder("GPU models (memory in MiB)\n");
        TextTable models = new TextTable("MODEL", "TOTAL", "USABLE", "CC", "MPS", "MIG");
        for (GpuModel g : catalog.gpuModels()) {
            models.row(g.name(), g.totalMemoryMiB(), g.usableMemoryMiB(), g.computeCapability(),
                    g.mpsCapable() ? "yes" : "no",
                    g.mig() == null ? "no"
                            : g.mig().computeSlices() + " slices / " + g.mig().placementUnits() + " units");
        }
        out.append(models.render());

        out.append("\nInstance types (memory in MiB; GPU MEM = usable memory per GPU or slice; $/HOUR = On-Demand"
                + " USD per instance-hour, us-east-1 unless the spec says otherwise; BASIS: published, derived from"
                + " a published price, or estimate)\n");
        TextTable types = new TextTable(
                "NAME", "GPU", "GPUS", "FRACTION", "GPU MEM", "VCPUS", "MEMORY", "$/HOUR", "BASIS", "SOURCE");
        for (InstanceType t : catalog.instanceTypes()) {
            Price price = catalog.price(t.name()).orElse(null);
            types.row(t.name(), t.gpuModel(), t.gpuCount(),
                    t.fraction() == null ? null : t.fraction().toPlainString(),
                    catalog.usableGpuMemoryMiB(t), t.vcpus(), t.memoryMiB(),
                    price == null ? null : price.perHour().toPlainString(),
                    price == null ? null : price.basis().name().toLowerCase(java.util.Locale.ROOT),
                    t.builtIn() ? "catalog" : "declared");
        }
        out.append(types.render());

        for (GpuModel g : catalog.gpuModels()) {
            if (g.mig() == null) {
                continue;
            }
            out.append("\nMIG profiles of ").append(g.name()).append(" (").append(g.mig().computeSlices())
                    .append(" compute slices, ").append(g.mig().placementUnits()).append(" placement units)\n");
            TextTable profiles = new TextTable("PROFILE", "ID", "SLICES", "SIZE", "STARTS", "MAX", "MEMORY");
            for (MigProfile p : g.mig().profiles()) {
                profiles.row(p.name(), p.profileId(), p.computeSlices(), p.size(),
                        p.starts().stream().map(String::valueOf).collect(Collectors.joining(",")),
                        p.maxCount(), p.memoryMiB());
            }
            out.append(profiles.render());
        }
        return out.toString();
    }
}
