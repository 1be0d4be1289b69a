package dev.gpushare.engine.validate;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.gpushare.engine.internal.QuietSlf4j;
import dev.gpushare.engine.validate.internal.SchemaErrorMapper;
import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The structural check: a spec document against {@code gpushare.schema.json} (JSON Schema draft
 * 2020-12), the same file editors use. Problems carry JSON Pointers into the given document and the
 * codes of {@link SchemaCode}; semantic rules (references, catalog, MIG geometry) are elsewhere.
 */
public final class SchemaValidator {
    /** Where the schema lies on the classpath (the {@code gpushare-schema} jar). */
    public static final String RESOURCE = "dev/gpushare/schema/gpushare.schema.json";

    static {
        QuietSlf4j.initialize(); // before the validator's classes make their loggers
    }

    // Loaded once: compiling the schema is the expensive part, validating is cheap and thread-safe.
    private static final String TEXT = load();
    private static final JsonNode SCHEMA_TREE = JsonMapper.builder().build().readTree(TEXT);
    private static final Schema SCHEMA =
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(TEXT, InputFormat.JSON);
    private static final SchemaErrorMapper MAPPER = new SchemaErrorMapper(SCHEMA_TREE);

    private static final Comparator<Problem> ORDER = Comparator.comparing(Problem::path, JsonPointers.ORDER)
            .thenComparing(p -> p.code().name())
            .thenComparing(Problem::message);

    private SchemaValidator() {}

    /**
     * Every schema violation of {@code document}: paths are pointers into it (for a missing
     * property, the path the property would have), deduplicated, in document order.
     */
    public static List<Problem> validate(JsonNode document) {
        List<Problem> problems = MAPPER.map(SCHEMA.validate(document));
        return new LinkedHashSet<>(problems).stream().sorted(ORDER).toList();
    }

    /** The schema file's text, as shipped. */
    public static String schemaText() {
        return TEXT;
    }

    private static String load() {
        try (InputStream in = SchemaValidator.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("schema resource missing from the classpath: " + RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
