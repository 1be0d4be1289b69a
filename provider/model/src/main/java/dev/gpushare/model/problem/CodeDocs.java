package dev.gpushare.model.problem;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The {@link ProblemCode.Doc}s of a code enum's constants, read once per enum from the UTF-8 resource
 * {@code ENUM.properties} beside it ({@code CODE.cause}, {@code CODE.fix}).
 */
final class CodeDocs {
    private static final ClassValue<Map<String, ProblemCode.Doc>> DOCS = new ClassValue<>() {
        @Override
        protected Map<String, ProblemCode.Doc> computeValue(Class<?> type) {
            Properties text = read(type);
            Map<String, ProblemCode.Doc> docs = new HashMap<>();
            for (Object constant : type.getEnumConstants()) {
                String name = ((Enum<?>) constant).name();
                String cause = text.getProperty(name + ".cause");
                String fix = text.getProperty(name + ".fix");
                if (cause != null && fix != null) docs.put(name, new ProblemCode.Doc(cause, fix));
            }
            for (String key : text.stringPropertyNames()) {
                String name = key.substring(0, Math.max(0, key.lastIndexOf('.')));
                if (!docs.containsKey(name) || !(key.endsWith(".cause") || key.endsWith(".fix"))) {
                    throw new IllegalStateException(type.getSimpleName() + ".properties has " + key
                            + ", which names no code of " + type.getSimpleName() + " (or no cause and fix pair)");
                }
            }
            return Map.copyOf(docs);
        }
    };

    private CodeDocs() {}

    static ProblemCode.Doc of(ProblemCode code) {
        // A constant with a body is a subclass; its text is keyed by the enum's own name.
        Class<?> type = code instanceof Enum<?> e ? e.getDeclaringClass() : code.getClass();
        ProblemCode.Doc doc = DOCS.get(type).get(code.name());
        if (doc == null) {
            throw new IllegalStateException(type.getSimpleName() + "." + code.name() + " has no "
                    + code.name() + ".cause and .fix in " + type.getSimpleName() + ".properties");
        }
        return doc;
    }

    private static Properties read(Class<?> type) {
        String resource = type.getSimpleName() + ".properties";
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(type.getName() + " has no resource " + resource);
            Properties text = new Properties();
            text.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + resource, e);
        }
    }
}
