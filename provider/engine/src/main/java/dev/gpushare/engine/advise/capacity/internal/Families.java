package dev.gpushare.engine.advise.capacity.internal;

import dev.gpushare.engine.catalog.InstanceType;
import java.util.Set;

/** Which catalog families offer which sharing form (the list; docs/cost.md). */
final class Families {
    /** MPS and time-slicing: full GPUs that run the ECS MPS daemon. */
    static final Set<String> MPS = Set.of("g5", "g6", "g6e", "g7e");
    /** MIG layouts (on EC2 for services, their ml. twins for endpoints). */
    static final Set<String> MIG = Set.of("p4d", "p4de", "p5", "p5e", "p5en", "g7e");

    private Families() {}

    /** {@code g6} of {@code g6.12xlarge} and {@code ml.g6.12xlarge}. */
    static String of(InstanceType t) {
        String n = t.name().startsWith("ml.") ? t.name().substring(3) : t.name();
        int dot = n.indexOf('.');
        return dot < 0 ? n : n.substring(0, dot);
    }

    static boolean sageMaker(InstanceType t) {
        return t.name().startsWith("ml.");
    }
}
