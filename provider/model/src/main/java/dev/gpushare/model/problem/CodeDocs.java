package dev.gpushare.model.problem;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;

/** The {@link ProblemCode.Doc}s of a code enum's constants, read once per enum. */
final class CodeDocs {
    private static final ClassValue<Map<String, ProblemCode.Doc>> DOCS = new ClassValue<>() {
        @Override
        protected Map<String, ProblemCode.Doc> computeValue(Class<?> type) {
            Map<String, ProblemCode.Doc> docs = new HashMap<>();
            for (Field field : type.getFields()) {
                ProblemCode.Doc doc = field.getAnnotation(ProblemCode.Doc.class);
                if (field.isEnumConstant() && doc != null) docs.put(field.getName(), doc);
            }
            return Map.copyOf(docs);
        }
    };

    private CodeDocs() {}

    static ProblemCode.Doc of(ProblemCode code) {
        // A constant with a body is a subclass; its annotation sits on the enum's field.
        Class<?> type = code instanceof Enum<?> e ? e.getDeclaringClass() : code.getClass();
        ProblemCode.Doc doc = DOCS.get(type).get(code.name());
        if (doc == null) throw new IllegalStateException(type.getSimpleName() + "." + code.name() + " has no @Doc");
        return doc;
    }
}
