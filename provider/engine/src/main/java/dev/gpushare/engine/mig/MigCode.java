package dev.gpushare.engine.mig;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of MIG layout checks, each with its cause and the fix, one line each (the
 * error-code documentation is generated from this list).
 */
public enum MigCode implements ProblemCode {
    @Doc(cause = "The partition layout lists no MIG profile.",
            fix = "List at least one profile, e.g. [\"mig-3g.40gb\", \"mig-4g.40gb\"], or drop the layout to use whole GPUs.")
    MIG_EMPTY_LAYOUT,
    @Doc(cause = "A profile name is not offered by this GPU model (names differ between models, e.g. 1g.10gb).",
            fix = "Use one of the profile names the message lists for this GPU, or pick an instance type with another GPU.")
    MIG_UNKNOWN_PROFILE,
    @Doc(cause = "A profile appears more often than the GPU allows (its max count; at most one +me profile per GPU).",
            fix = "Repeat the profile at most as often as the message says, or use a smaller profile for the rest.")
    MIG_PROFILE_COUNT_EXCEEDED,
    @Doc(cause = "A +me.all profile takes every media engine, so only -me (no-media) profiles may sit beside it.",
            fix = "Replace the other profiles by their -me variants, or use a profile without +me.all.")
    MIG_ME_ALL_EXCLUSIVE,
    @Doc(cause = "The profiles need more compute slices or placement units than one GPU has, or no arrangement of their allowed starts avoids overlap.",
            fix = "Drop a partition or use smaller profiles; the message gives the slices and units asked and offered.")
    MIG_LAYOUT_DOES_NOT_FIT;
}
