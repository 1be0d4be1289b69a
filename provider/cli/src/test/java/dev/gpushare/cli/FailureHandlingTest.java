package dev.gpushare.cli;

import dev.gpushare.engine.validate.SchemaCode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.problem.SpecException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Main prints and returns when a command throws: user errors versus bugs. */
class FailureHandlingTest {
    private final StringWriter err = new StringWriter();

    private int handle(Exception e) {
        PrintWriter w = new PrintWriter(err);
        int code = Main.failure(e, w);
        w.flush();
        return code;
    }

    @Test
    void aUserErrorPrintsEachLineOfItsMessageWithoutAStackTrace() {
        int code = handle(new UserError(ExitCodes.BACKEND, "cannot open file:/x\nit is locked by process 12"));
        assertThat(code).isEqualTo(ExitCodes.BACKEND);
        assertThat(err.toString()).isEqualTo("gpushare: cannot open file:/x\ngpushare: it is locked by process 12\n");
    }

    @Test
    void aSpecExceptionPrintsItsProblemsAndMeansInvalid() {
        Problem p = new Problem("a.yaml", "/cluster", SchemaCode.SCHEMA_PATTERN, "use lower case", new Problem.Location(2, 10));
        int code = handle(new SpecException(List.of(p)));
        assertThat(code).isEqualTo(ExitCodes.INVALID);
        assertThat(err.toString()).isEqualTo("a.yaml:2:10: SCHEMA_PATTERN /cluster: use lower case\n");
    }

    @Test
    void anythingElseIsABugWithItsStackTraceAndExit70() {
        int code = handle(new IllegalStateException("index out of step"));
        assertThat(code).isEqualTo(ExitCodes.INTERNAL).isEqualTo(70);
        assertThat(err.toString())
                .startsWith("gpushare: internal error")
                .contains("java.lang.IllegalStateException: index out of step")
                .contains("\tat dev.gpushare.cli.FailureHandlingTest");
    }
}
