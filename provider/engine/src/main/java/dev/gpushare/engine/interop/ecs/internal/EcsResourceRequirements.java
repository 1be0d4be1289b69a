package dev.gpushare.engine.interop.ecs.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.interop.internal.CloudJson;
import dev.gpushare.engine.interop.internal.Findings;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.GpuRequirement;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;

/**
 * Reads {@code containerDefinitions[].resourceRequirements} and applies the per-entry rules of the
 * ECS API ({@code ResourceRequirement}, {@code SharingStrategy}, {@code NvidiaMpsAllocation}).
 */
public final class EcsResourceRequirements {
    private EcsResourceRequirements() {}

    /**
     * The container's GPU requirement, or {@code null} when it has none or when the entry is
     * wrong (then the problems are in {@code findings}).
     */
    public static EcsGpu read(JsonNode requirements, String path, Findings findings) {
        if (requirements == null || requirements.isNull()) return null;
        if (!requirements.isArray()) {
            findings.add(path, InteropCode.ECS_TYPE, "resourceRequirements must be a JSON array of {type, value} entries.");
            return null;
        }
        EcsGpu gpu = null;
        boolean seenGpu = false;
        for (EcsObjects.Entry e : new EcsObjects(requirements, path, findings, "A resource requirement must be an object with type and value.")) {
            JsonNode entry = e.node();
            String entryPath = e.path();
            String type = CloudJson.string(entry.get("type"));
            if (type == null) {
                findings.add(entryPath, InteropCode.ECS_REQUIRED, "Give the resource requirement a type (GPU, InferenceAccelerator or NeuronDevice).");
                continue;
            }
            if (!type.equals("GPU")) {
                // Other accelerators are not GPU sharing; gpushare has no form for them.
                if (entry.has("sharingStrategy")) {
                    findings.add(JsonPointers.append(entryPath, "sharingStrategy"), InteropCode.ECS_SHARING_STRATEGY_NOT_GPU,
                            "sharingStrategy is only allowed when type is GPU (this entry has type " + type
                                    + "); remove it or change the type to GPU.");
                }
                continue;
            }
            if (seenGpu) {
                findings.add(entryPath, InteropCode.ECS_DUPLICATE_GPU_REQUIREMENT,
                        "A container has at most one GPU resource requirement; merge this entry into the first one.");
                continue;
            }
            seenGpu = true;
            gpu = readGpuEntry(entry, entryPath, findings);
        }
        return gpu;
    }

    private static EcsGpu readGpuEntry(JsonNode entry, String path, Findings findings) {
        boolean hasValue = entry.has("value") && !entry.get("value").isNull();
        boolean hasSharing = entry.has("sharingStrategy") && !entry.get("sharingStrategy").isNull();
        if (hasValue && hasSharing) {
            findings.add(path, InteropCode.ECS_VALUE_AND_SHARING_STRATEGY,
                    "Give either value (whole or fractional GPUs) or sharingStrategy (an MPS share), not both.");
            return null;
        }
        if (!hasValue && !hasSharing) {
            findings.add(path, InteropCode.ECS_GPU_VALUE_MISSING,
                    "A GPU requirement needs a value (\"1\", \"0.25\", \"ALL\") or a sharingStrategy with nvidiaMps.");
            return null;
        }
        if (hasValue) {
            GpuRequirement r = value(entry.get("value"), JsonPointers.append(path, "value"), findings);
            return r == null ? null : new EcsGpu(r, path);
        }
        GpuRequirement r = sharing(entry.get("sharingStrategy"), JsonPointers.append(path, "sharingStrategy"), findings);
        return r == null ? null : new EcsGpu(r, path);
    }

    private static GpuRequirement value(JsonNode node, String path, Findings findings) {
        String text = node.isString() ? node.stringValue().trim() : node.isNumber() ? node.decimalValue().toPlainString() : null;
        if ("ALL".equals(text)) return new GpuRequirement.All();
        BigDecimal d = CloudJson.decimal(node);
        if (d != null && d.signum() > 0) {
            if (d.compareTo(BigDecimal.ONE) < 0) return new GpuRequirement.Fraction(d);
            try {
                return new GpuRequirement.Whole(d.stripTrailingZeros().intValueExact());
            } catch (ArithmeticException e) {
                // falls through to the problem below: 1.5 GPUs is neither whole nor a slice
            }
        }
        findings.add(path, InteropCode.ECS_GPU_VALUE_INVALID,
                "The GPU value must be a whole count (\"1\", \"2\"), a fraction of one GPU (\"0.125\", \"0.25\", \"0.5\") or \"ALL\"; got "
                        + node + ".");
        return null;
    }

    private static GpuRequirement sharing(JsonNode node, String path, Findings findings) {
        if (!node.isObject()) {
            findings.add(path, InteropCode.ECS_TYPE, "sharingStrategy must be an object: {\"nvidiaMps\": {\"memory\": MiB}}.");
            return null;
        }
        if (node.isEmpty()) {
            findings.add(path, InteropCode.ECS_SHARING_STRATEGY_EMPTY, "sharingStrategy is empty; set exactly one member: nvidiaMps.");
            return null;
        }
        int before = findings.count();
        for (String key : node.propertyNames()) {
            if (!key.equals("nvidiaMps")) {
                findings.add(JsonPointers.append(path, key), InteropCode.ECS_SHARING_STRATEGY_UNKNOWN,
                        "Unknown sharing strategy '" + key + "'; the only one is nvidiaMps.");
            }
        }
        JsonNode mps = node.get("nvidiaMps");
        if (mps == null) return null;
        String mpsPath = JsonPointers.append(path, "nvidiaMps");
        if (!mps.isObject()) {
            findings.add(mpsPath, InteropCode.ECS_TYPE, "nvidiaMps must be an object: {\"memory\": MiB, \"maxComputePercent\": 1..100}.");
            return null;
        }
        Integer memory = null;
        JsonNode m = mps.get("memory");
        if (m == null || m.isNull()) {
            findings.add(mpsPath, InteropCode.ECS_MPS_MEMORY_MISSING, "nvidiaMps needs memory: the GPU memory to reserve, in MiB.");
        } else if (!m.isIntegralNumber()) {
            findings.add(JsonPointers.append(mpsPath, "memory"), InteropCode.ECS_TYPE, "nvidiaMps.memory must be an integer (MiB); got " + m + ".");
        } else if (m.longValue() < 1 || m.longValue() > Integer.MAX_VALUE) {
            findings.add(JsonPointers.append(mpsPath, "memory"), InteropCode.ECS_MPS_MEMORY_TOO_SMALL,
                    "nvidiaMps.memory must be at least 1 MiB; got " + m + ".");
        } else {
            memory = m.intValue();
        }
        Integer percent = null;
        JsonNode p = mps.get("maxComputePercent");
        if (p != null && !p.isNull()) {
            String pPath = JsonPointers.append(mpsPath, "maxComputePercent");
            if (!p.isIntegralNumber()) {
                findings.add(pPath, InteropCode.ECS_TYPE, "maxComputePercent must be an integer percentage; got " + p + ".");
            } else if (p.longValue() < 1 || p.longValue() > 100) {
                findings.add(pPath, InteropCode.ECS_MPS_COMPUTE_PERCENT_RANGE,
                        "maxComputePercent is a percentage of the GPU's compute: give 1..100, or leave it out for no limit; got " + p + ".");
            } else {
                percent = p.intValue();
            }
        }
        for (String key : mps.propertyNames()) {
            if (!key.equals("memory") && !key.equals("maxComputePercent")) {
                findings.add(JsonPointers.append(mpsPath, key), InteropCode.ECS_UNKNOWN_PROPERTY,
                        "nvidiaMps has only memory and maxComputePercent; remove '" + key + "'.");
            }
        }
        return findings.count() == before ? new GpuRequirement.NvidiaMps(memory, percent) : null;
    }
}
