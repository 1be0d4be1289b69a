package dev.gpushare.examples;

import dev.gpushare.engine.validate.SpecValidator;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.SpecWriter;
import dev.gpushare.model.problem.Problem;
import java.util.List;

/**
 * What every example program does with its spec: validate it (schema and semantic rules, as
 * {@code gpushare validate} does) and print it as the YAML document it stands for.
 */
final class ExampleMain {
    private ExampleMain() {}

    /** Exit status 0 and the YAML on stdout, or 1 and the problems on stderr. */
    static int run(Spec spec) {
        // no SLF4J binding is shipped; keep its "no providers" warning off stderr
        if (System.getProperty("slf4j.internal.verbosity") == null) System.setProperty("slf4j.internal.verbosity", "ERROR");
        List<Problem> problems = SpecValidator.validate(spec);
        if (!problems.isEmpty()) {
            for (Problem p : problems) System.err.println(p.code() + " " + p.path() + ": " + p.message());
            return 1;
        }
        System.out.print(SpecWriter.toYaml(spec));
        return 0;
    }
}
