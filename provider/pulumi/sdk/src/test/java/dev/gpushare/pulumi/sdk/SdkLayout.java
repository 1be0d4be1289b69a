package dev.gpushare.pulumi.sdk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Where the committed SDKs are, and the resources the committed package schema declares. */
final class SdkLayout {
    /** This module's folder (surefire runs tests there). */
    static final Path SDK = Path.of("").toAbsolutePath();
    static final Path ROOT = SDK.resolve("../../..").normalize();
    static final Path SCHEMA = SDK.resolve("schema.json");
    static final Path JAVA = SDK.resolve("src/main/java/com/gpushare");
    static final Path NODEJS = SDK.resolve("nodejs");
    static final Path PYTHON = SDK.resolve("python");
    static final Path GO = SDK.resolve("go");
    static final Path EXAMPLES = ROOT.resolve("examples");

    private SdkLayout() {}

    static JsonNode schema() {
        return JsonMapper.builder().build().readTree(read(SCHEMA));
    }

    /** token → shape, from the schema's resources (inputProperties, requiredInputs, properties). */
    static SortedMap<String, ResourceShape> schemaResources() {
        SortedMap<String, ResourceShape> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> r : schema().get("resources").properties()) {
            SortedMap<String, Boolean> inputs = new TreeMap<>();
            TreeSet<String> required = new TreeSet<>();
            r.getValue().path("requiredInputs").forEach(n -> required.add(n.asString()));
            r.getValue().get("inputProperties").propertyNames().forEach(n -> inputs.put(n, required.contains(n)));
            SortedSet<String> outputs = new TreeSet<>(r.getValue().get("properties").propertyNames());
            out.put(r.getKey(), new ResourceShape(r.getKey(), inputs, outputs));
        }
        return out;
    }

    /** The class name of a token: gpushare:index:CapacityProvider → CapacityProvider. */
    static String typeName(String token) {
        return token.substring(token.lastIndexOf(':') + 1);
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
