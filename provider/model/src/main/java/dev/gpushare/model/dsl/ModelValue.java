package dev.gpushare.model.dsl;

import java.util.Objects;

/**
 * What every DSL value that stands for one value of the spec model has: that value
 * ({@link #toModel()}), equality by it within one DSL type, and the text {@code Type[model]}
 * (e.g. {@code Gpu[Whole[count=1]]}). Internal to the DSL; {@link Gpu}, {@link ContainerDef} and
 * {@link Sharing} (with {@link Sharing.Mps}) are its values.
 *
 * @param <M> the spec model's type
 */
abstract sealed class ModelValue<M> permits Gpu, ContainerDef, Sharing {
    private final M model;

    ModelValue(M model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /** The value as the spec model holds it. */
    public final M toModel() {
        return model;
    }

    /** The DSL type: the class right below this one ({@link Sharing} for {@link Sharing.Mps}). */
    private Class<?> dslType() {
        Class<?> type = getClass();
        while (type.getSuperclass() != ModelValue.class) type = type.getSuperclass();
        return type;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof ModelValue<?> other && dslType() == other.dslType() && model.equals(other.model);
    }

    @Override
    public final int hashCode() {
        return model.hashCode();
    }

    @Override
    public final String toString() {
        return dslType().getSimpleName() + "[" + model + "]";
    }
}
