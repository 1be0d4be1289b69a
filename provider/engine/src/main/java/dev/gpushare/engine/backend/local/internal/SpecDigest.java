package dev.gpushare.engine.backend.local.internal;

import dev.gpushare.model.Spec;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SHA-256 (hex) of an unambiguous encoding of a spec's value: each record as its class name and
 * its components in order, each list and map with its size, each string with its length, each
 * number with its type — so two specs with the same digest are equal (the model's records keep
 * the generated {@code equals}). It is not {@link dev.gpushare.engine.plan.Planner#specHash}: that
 * one hashes the record text, where a string holding {@code ", name="} reads as two fields and
 * two different specs can print alike. Stored with the converged spec ({@link StoredSpecs}), it
 * lets a plan find that the spec it plans is the stored one without writing the planned spec's
 * document or reading the stored one.
 */
public final class SpecDigest {
    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Method[] out = new Method[components.length];
            for (int i = 0; i < components.length; i++) out[i] = components[i].getAccessor();
            return out;
        }
    };

    private final MessageDigest sha;
    private final byte[] eight = new byte[8];

    private SpecDigest() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** The digest of {@code spec}, or empty when it holds a value this encoding does not know (then nothing is compared by digest). */
    public static Optional<String> of(Spec spec) {
        SpecDigest d = new SpecDigest();
        try {
            d.value(spec);
        } catch (IllegalArgumentException | ReflectiveOperationException unknown) {
            return Optional.empty();
        }
        return Optional.of(HexFormat.of().formatHex(d.sha.digest()));
    }

    private void value(Object v) throws ReflectiveOperationException {
        switch (v) {
            case null -> sha.update((byte) 0);
            case Record r -> {
                sha.update((byte) 1);
                text(r.getClass().getName());
                Method[] accessors = ACCESSORS.get(r.getClass());
                number(accessors.length);
                for (Method m : accessors) value(read(m, r));
            }
            case String s -> {
                sha.update((byte) 2);
                text(s);
            }
            case Integer i -> {
                sha.update((byte) 3);
                number(i);
            }
            case Long l -> {
                sha.update((byte) 4);
                number(l);
            }
            case Boolean b -> sha.update(b ? (byte) 5 : (byte) 6);
            case BigDecimal b -> { // equals compares value and scale; its text keeps both
                sha.update((byte) 7);
                text(b.toString());
            }
            case Enum<?> e -> {
                sha.update((byte) 8);
                text(e.getDeclaringClass().getName());
                text(e.name());
            }
            case List<?> list -> {
                sha.update((byte) 9);
                number(list.size());
                for (Object o : list) value(o);
            }
            case Map<?, ?> map -> { // in iteration order: equal maps that iterate differently only miss the digest
                sha.update((byte) 10);
                number(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    value(e.getKey());
                    value(e.getValue());
                }
            }
            case Double d -> {
                sha.update((byte) 11);
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

    private void text(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        number(b.length);
        sha.update(b);
    }

    private void number(long n) {
        for (int i = 0; i < 8; i++) eight[i] = (byte) (n >>> (56 - 8 * i));
        sha.update(eight);
    }
}
