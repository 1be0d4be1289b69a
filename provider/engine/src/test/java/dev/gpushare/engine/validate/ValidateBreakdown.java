package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (a main, not a test): where {@code gpushare validate FILE}'s time goes, stage by stage,
 * in a fresh JVM as the command runs it (run it with the launcher's options: {@code
 * -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}): the JVM's start up to {@code main}, then parse,
 * JSON Schema, bind, resolve and the semantic rules, each timed on its first (cold: class loading
 * and compilation included, as in the command) and on later (warm) calls. Issue 24, target 2;
 * figures in docs/benchmarks.md.
 *
 * <p>Run: {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp <test and main classpath>
 * dev.gpushare.engine.validate.ValidateBreakdown SPEC.json [ROUNDS]}.
 */
public final class ValidateBreakdown {
    private ValidateBreakdown() {}

    public static void main(String[] args) {
        long startUp = ManagementFactory.getRuntimeMXBean().getUptime();
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf(Locale.ROOT, "JVM start to main: %d ms%n", startUp);
        System.out.println("| round | parse ms | schema ms | bind ms | resolve ms | rules ms | total ms |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            ParsedFile parsed = SpecReader.parse(file);
            long t1 = System.nanoTime();
            List<?> structural = SchemaValidator.validate(parsed.tree());
            long t2 = System.nanoTime();
            ReadResult read = SpecReader.bind(List.of(parsed));
            long t3 = System.nanoTime();
            ResolvedSpec resolved = ResolvedSpec.of(read.spec());
            long t4 = System.nanoTime();
            List<?> semantic = SemanticRules.check(resolved);
            long t5 = System.nanoTime();
            if (!structural.isEmpty() || !semantic.isEmpty()) throw new IllegalStateException("the spec is not valid");
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d |%n", r == 0 ? "1 (cold)" : String.valueOf(r + 1),
                    ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), ms(t5 - t4), ms(t5 - t0));
        }
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }
}
