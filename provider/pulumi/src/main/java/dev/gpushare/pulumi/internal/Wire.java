package dev.gpushare.pulumi.internal;

import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Pulumi's property encoding (google.protobuf.Struct) to and from Jackson trees: the one place
 * where the provider's values meet the wire.
 *
 * <p>Unknowns stay as their sentinel strings in the tree ({@link #isUnknown}); secrets are
 * unwrapped and the top-level keys that carried one are remembered ({@link Properties}).
 * Resource references become their id (their URN when the id is not known). Integral numbers
 * decode as integer nodes, others as exact decimals, so equal documents compare equal.
 */
public final class Wire {
    public static final String SIG = "4dabf18193072939515e22adb298388d";
    public static final String SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
    static final String RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
    static final String OUTPUT_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";
    /** What this provider emits for any value not known during a preview. */
    public static final String UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    private static final Set<String> UNKNOWNS = Set.of(UNKNOWN,
            "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7", "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
            "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2", "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
            "030794c1-ac77-496b-92df-f27374a8bd58", "e48ece36-62e2-4504-bad9-02848725956a");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /**
     * Shared mapper (thread-safe): maps the output records to trees (absent values left out) and
     * writes the schema at GetSchema.
     */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .changeDefaultPropertyInclusion(v -> v.withValueInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL))
            .build();

    private Wire() {}

    public static Properties decode(Struct struct) {
        ObjectNode out = NODES.objectNode();
        Set<String> secrets = new TreeSet<>();
        for (Map.Entry<String, Value> e : struct.getFieldsMap().entrySet()) {
            boolean[] secret = {false};
            out.set(e.getKey(), decode(e.getValue(), secret));
            if (secret[0]) secrets.add(e.getKey());
        }
        return new Properties(sorted(out), secrets);
    }

    private static JsonNode decode(Value v, boolean[] secret) {
        return switch (v.getKindCase()) {
            case NULL_VALUE, KIND_NOT_SET -> NODES.nullNode();
            case BOOL_VALUE -> NODES.booleanNode(v.getBoolValue());
            case STRING_VALUE -> NODES.stringNode(v.getStringValue());
            case NUMBER_VALUE -> number(v.getNumberValue());
            case LIST_VALUE -> {
                ArrayNode a = NODES.arrayNode();
                for (Value item : v.getListValue().getValuesList()) a.add(decode(item, secret));
                yield a;
            }
            case STRUCT_VALUE -> decodeObject(v.getStructValue(), secret);
        };
    }

    private static JsonNode decodeObject(Struct s, boolean[] secret) {
        Map<String, Value> fields = s.getFieldsMap();
        Value sig = fields.get(SIG);
        if (sig != null) {
            String kind = sig.getStringValue();
            if (SECRET_SIG.equals(kind)) {
                secret[0] = true;
                return decode(fields.getOrDefault("value", Value.getDefaultInstance()), secret);
            }
            if (RESOURCE_SIG.equals(kind)) {
                Value id = fields.get("id");
                if (id != null && id.hasStringValue() && !id.getStringValue().isEmpty()) return NODES.stringNode(id.getStringValue());
                return NODES.stringNode(fields.containsKey("urn") ? fields.get("urn").getStringValue() : UNKNOWN);
            }
            if (OUTPUT_SIG.equals(kind)) {
                Value secretFlag = fields.get("secret");
                if (secretFlag != null && secretFlag.getBoolValue()) secret[0] = true;
                Value inner = fields.get("value");
                return inner == null ? NODES.stringNode(UNKNOWN) : decode(inner, secret);
            }
            throw new IllegalArgumentException("unsupported property value kind " + kind
                    + " (assets, archives and byte strings are not gpushare inputs)");
        }
        ObjectNode o = NODES.objectNode();
        for (Map.Entry<String, Value> e : fields.entrySet()) o.set(e.getKey(), decode(e.getValue(), secret));
        return sorted(o);
    }

    /** Integers arrive as doubles: integral values become integer nodes so documents compare and print as written. */
    private static JsonNode number(double d) {
        if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
            long l = (long) d;
            return l == (int) l ? NODES.numberNode((int) l) : NODES.numberNode(l);
        }
        return NODES.numberNode(new BigDecimal(Double.toString(d)));
    }

    /** Encodes {@code values}; the top-level keys in {@code secretKeys} are wrapped as secrets. */
    public static Struct encode(ObjectNode values, Set<String> secretKeys) {
        Struct.Builder b = Struct.newBuilder();
        for (Map.Entry<String, JsonNode> e : values.properties()) {
            Value v = encode(e.getValue());
            b.putFields(e.getKey(), secretKeys.contains(e.getKey()) ? secret(v) : v);
        }
        return b.build();
    }

    public static Struct encode(ObjectNode values) {
        return encode(values, Set.of());
    }

    static Value secret(Value v) {
        return Value.newBuilder().setStructValue(Struct.newBuilder()
                .putFields(SIG, Value.newBuilder().setStringValue(SECRET_SIG).build())
                .putFields("value", v)).build();
    }

    private static Value encode(JsonNode n) {
        Value.Builder v = Value.newBuilder();
        if (n == null || n.isNull() || n.isMissingNode()) return v.setNullValue(NullValue.NULL_VALUE).build();
        if (n.isBoolean()) return v.setBoolValue(n.booleanValue()).build();
        if (n.isNumber()) return v.setNumberValue(n.doubleValue()).build();
        if (n.isString()) return v.setStringValue(n.stringValue()).build();
        if (n.isArray()) {
            ListValue.Builder l = ListValue.newBuilder();
            for (JsonNode item : n) l.addValues(encode(item));
            return v.setListValue(l).build();
        }
        Struct.Builder s = Struct.newBuilder();
        for (Map.Entry<String, JsonNode> e : n.properties()) s.putFields(e.getKey(), encode(e.getValue()));
        return v.setStructValue(s).build();
    }

    /**
     * Whether two values are the same on the wire: numbers compared as the engine sees them (an
     * integer node equals a long or decimal node of the same value), key order ignored, an
     * absent value equal to null.
     */
    public static boolean sameValue(JsonNode a, JsonNode b) {
        return encode(a).equals(encode(b));
    }

    /** True when {@code n} or anything inside it is an unknown sentinel. */
    public static boolean containsUnknown(JsonNode n) {
        if (n == null) return false;
        if (isUnknown(n)) return true;
        for (JsonNode child : n) if (containsUnknown(child)) return true;
        return false;
    }

    public static boolean isUnknown(JsonNode n) {
        return n != null && n.isString() && UNKNOWNS.contains(n.stringValue());
    }

    /** Keys in name order, so equal maps print equally whatever order the wire used. */
    private static ObjectNode sorted(ObjectNode o) {
        ObjectNode out = NODES.objectNode();
        new TreeSet<>(o.propertyNames()).forEach(k -> out.set(k, o.get(k)));
        return out;
    }
}
