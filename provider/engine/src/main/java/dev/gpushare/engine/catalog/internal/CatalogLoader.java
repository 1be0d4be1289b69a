package dev.gpushare.engine.catalog.internal;

import dev.gpushare.engine.catalog.GpuModel;
import dev.gpushare.engine.catalog.InstanceType;
import dev.gpushare.engine.catalog.MigGeometry;
import dev.gpushare.engine.catalog.MigProfile;
import dev.gpushare.engine.catalog.Price;
import dev.gpushare.engine.catalog.PriceBasis;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the built-in catalog files from the classpath. The files ship with the product, so anything
 * wrong in them is a bug of ours: it surfaces as {@link IllegalStateException}, never as a user
 * problem.
 */
public final class CatalogLoader {
    public static final String GPUS_RESOURCE = "dev/gpushare/schema/catalog/gpus.json";
    public static final String INSTANCE_TYPES_RESOURCE = "dev/gpushare/schema/catalog/instance-types.json";
    public static final String PRICES_RESOURCE = "dev/gpushare/schema/catalog/prices.json";
    public static final String SCHEMA_RESOURCE = "dev/gpushare/schema/catalog/catalog.schema.json";

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private CatalogLoader() {}

    /** The parsed JSON of a classpath resource. */
    public static JsonNode readResource(String resource) {
        ClassLoader loader = CatalogLoader.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("built-in catalog resource missing from the classpath: " + resource);
            }
            return MAPPER.readTree(in);
        } catch (IOException | JacksonException e) {
            throw new IllegalStateException("built-in catalog resource unreadable: " + resource, e);
        }
    }

    public static List<GpuModel> gpuModels(JsonNode doc) {
        List<GpuModel> out = new ArrayList<>();
        for (JsonNode g : array(doc, "gpuModels")) {
            JsonNode mig = g.get("mig");
            out.add(new GpuModel(
                    text(g, "name"), integer(g, "totalMemoryMiB"), integer(g, "usableMemoryMiB"),
                    number(g, "computeCapability").doubleValue(), bool(g, "mpsCapable"),
                    mig == null ? null : geometry(mig)));
        }
        return out;
    }

    public static List<InstanceType> instanceTypes(JsonNode doc) {
        List<InstanceType> out = new ArrayList<>();
        for (JsonNode t : array(doc, "instanceTypes")) {
            JsonNode fraction = t.get("fraction");
            JsonNode gpuMemory = t.get("gpuMemoryMiB");
            out.add(new InstanceType(
                    text(t, "name"), text(t, "gpuModel"), Math.toIntExact(integer(t, "gpuCount")),
                    Math.toIntExact(integer(t, "vcpus")), integer(t, "memoryMiB"),
                    fraction == null ? null : number(t, "fraction"),
                    gpuMemory == null ? null : integer(t, "gpuMemoryMiB"),
                    true));
        }
        return out;
    }

    /**
     * The prices of {@code prices.json} by instance type, each with its source's text. A name priced
     * twice, or a source key the file does not define, is a packaging bug.
     */
    public static Map<String, Price> prices(JsonNode doc) {
        String currency = text(doc, "currency");
        if (!currency.equals("USD")) throw new IllegalStateException("built-in prices: currency " + currency + ", expected USD");
        JsonNode sources = field(doc, "sources");
        Map<String, Price> out = new TreeMap<>();
        for (JsonNode p : array(doc, "prices")) {
            String name = text(p, "instanceType");
            String key = text(p, "source");
            JsonNode source = sources.get(key);
            if (source == null || !source.isString()) {
                throw new IllegalStateException("built-in prices: " + name + " names undefined source " + key);
            }
            LocalDate date;
            try {
                date = LocalDate.parse(text(p, "date"));
            } catch (DateTimeParseException e) {
                throw new IllegalStateException("built-in prices: " + name + " has a bad date", e);
            }
            Price price = new Price(number(p, "perHour"), PriceBasis.valueOf(text(p, "basis").toUpperCase(Locale.ROOT)),
                    text(p, "region"), date, source.stringValue());
            if (out.put(name, price) != null) throw new IllegalStateException("built-in prices: " + name + " priced twice");
        }
        return out;
    }

    private static MigGeometry geometry(JsonNode mig) {
        List<MigProfile> profiles = new ArrayList<>();
        for (JsonNode p : array(mig, "profiles")) {
            List<Integer> starts = new ArrayList<>();
            for (JsonNode s : array(p, "starts")) {
                starts.add(s.asInt());
            }
            profiles.add(new MigProfile(
                    text(p, "name"), Math.toIntExact(integer(p, "profileId")),
                    Math.toIntExact(integer(p, "computeSlices")), Math.toIntExact(integer(p, "size")),
                    starts, Math.toIntExact(integer(p, "maxCount")), integer(p, "memoryMiB")));
        }
        return new MigGeometry(
                Math.toIntExact(integer(mig, "placementUnits")), Math.toIntExact(integer(mig, "computeSlices")),
                profiles);
    }

    private static JsonNode field(JsonNode node, String name) {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            throw new IllegalStateException("built-in catalog: field '" + name + "' missing in " + node);
        }
        return v;
    }

    /** The field, which must be {@code what} (as {@code is} tells). */
    private static JsonNode field(JsonNode node, String name, Predicate<JsonNode> is, String what) {
        JsonNode v = field(node, name);
        if (!is.test(v)) {
            throw new IllegalStateException("built-in catalog: '" + name + "' is not " + what + " in " + node);
        }
        return v;
    }

    private static Iterable<JsonNode> array(JsonNode node, String name) {
        return field(node, name, JsonNode::isArray, "an array").values();
    }

    private static String text(JsonNode node, String name) {
        return field(node, name, JsonNode::isString, "a string").stringValue();
    }

    private static long integer(JsonNode node, String name) {
        return field(node, name, JsonNode::isIntegralNumber, "an integer").longValue();
    }

    private static BigDecimal number(JsonNode node, String name) {
        // From the literal text, so 0.125 stays exactly 0.125.
        return new BigDecimal(field(node, name, JsonNode::isNumber, "a number").asString());
    }

    private static boolean bool(JsonNode node, String name) {
        return field(node, name, JsonNode::isBoolean, "a boolean").booleanValue();
    }
}
