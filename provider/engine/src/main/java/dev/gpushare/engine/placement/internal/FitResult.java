package dev.gpushare.engine.placement.internal;

/** A feasibility answer: a {@link Choice} that fits, or the {@link Refusal}. */
sealed interface FitResult permits Choice, Refusal {}
