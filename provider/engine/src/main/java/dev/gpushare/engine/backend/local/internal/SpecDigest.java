package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.model.Spec;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SHA-256 (hex) of an unambiguous encoding of a spec's value: each record as its class (its name
 * the first time, then the number of its first appearance) and its components in order, each list
 * and map with its size, each string with its length, each number with its type — so two specs with the same digest are equal (the model's records keep
 * the generated {@code equals}). It is not {@link dev.gpushare.engine.plan.Planner#specHash}: that
 * one hashes the record text, where a string holding {@code ", name="} reads as two fields and
 * two different specs can print alike. Stored with the converged spec ({@link StoredSpecs}), it
 * lets a plan find that the spec it plans is the stored one without writing the planned spec's
 * document or reading the stored one.
 */
public final class SpecDigest {
    /**
     * Begins every digest: names this encoding, so that a reader finding another (a later
     * gpushare's) compares by document instead of taking a different encoding for a different spec.
     */
    public static final String ENCODING = "sd1:";
    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Method[] out = new Method[components.length];
            for (int i = 0; i < components.length; i++) out[i] = components[i].getAccessor();
            return out;
        }
    };

    /** The encoding, hashed once at the end (one update: fewer calls into the digest, cold code included). */
    private byte[] out = new byte[1 << 16];
    private int size;
    /** Each record class by the number of its first appearance: its name is written once. */
    private final Map<Class<?>, Integer> classes = new HashMap<>();

    private SpecDigest() {}

    /** The digest of {@code spec} ({@link #ENCODING} and SHA-256 in hex), or empty when it holds a value this encoding does not know (then nothing is compared by digest). */
    public static Optional<String> of(Spec spec) {
        SpecDigest d = new SpecDigest();
        try {
            d.value(spec);
        } catch (IllegalArgumentException | ReflectiveOperationException unknown) {
            return Optional.empty();
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(d.out, 0, d.size);
            return Optional.of(ENCODING + HexFormat.of().formatHex(sha.digest()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    private void value(Object v) throws ReflectiveOperationException {
        switch (v) {
            case null -> tag(0);
            case Record r -> {
                Integer known = classes.get(r.getClass());
                if (known == null) {
                    classes.put(r.getClass(), classes.size());
                    tag(1);
                    text(r.getClass().getName());
                } else {
                    tag(12);
                    number(known);
                }
                Method[] accessors = ACCESSORS.get(r.getClass());
                number(accessors.length);
                for (Method m : accessors) value(read(m, r));
            }
            case String s -> {
                tag(2);
                text(s);
            }
            case Integer i -> {
                tag(3);
                number(i);
            }
            case Long l -> {
                tag(4);
                number(l);
            }
            case Boolean b -> tag(b ? 5 : 6);
            case BigDecimal b -> { // equals compares value and scale; its text keeps both
                tag(7);
                text(b.toString());
            }
            case Enum<?> e -> {
                tag(8);
                text(e.getDeclaringClass().getName());
                text(e.name());
            }
            case List<?> list -> {
                tag(9);
                number(list.size());
                for (Object o : list) value(o);
            }
            case Map<?, ?> map -> { // in iteration order: equal maps that iterate differently only miss the digest
                tag(10);
                number(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    value(e.getKey());
                    value(e.getValue());
                }
            }
            case Double d -> {
                tag(11);
                number(Double.doubleToLongBits(d));
            }
            default -> throw new IllegalArgumentException("no digest for " + v.getClass().getName());
        }
    }

    private static Object read(Method accessor, Record r) throws ReflectiveOperationException {
        try {
            return accessor.invoke(r);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("an accessor failed", e.getCause());
        }
    }

    private void tag(int t) {
        room(1);
        out[size++] = (byte) t;
    }

    private void text(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        number(b.length);
        room(b.length);
        System.arraycopy(b, 0, out, size, b.length);
        size += b.length;
    }

    /** A number in 7-bit groups, low first, the high bit saying another follows (a prefix code: where it ends is known). */
    private void number(long n) {
        room(10);
        while ((n & ~0x7FL) != 0) {
            out[size++] = (byte) ((n & 0x7F) | 0x80);
            n >>>= 7;
        }
        out[size++] = (byte) n;
    }

    private void room(int bytes) {
        if (size + bytes > out.length) out = java.util.Arrays.copyOf(out, Math.max(2 * out.length, size + bytes));
    }
}
