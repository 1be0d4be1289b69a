package dev.gpushare.cli.docs;

import dev.gpushare.engine.advise.AdviceCode;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.engine.mig.MigCode;
import dev.gpushare.engine.state.PlacementCode;
import dev.gpushare.engine.reconcile.ApplyCode;
import dev.gpushare.engine.validate.SchemaCode;
import dev.gpushare.engine.validate.ValidationCode;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.ProblemCode;
import dev.gpushare.server.ServiceCode;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Writes docs/troubleshooting.md from the code lists: the enums that carry a cause and a fix for
 * each code, read through {@link ProblemCode}.
 */
final class TroubleshootingGenerator {
    private TroubleshootingGenerator() {}

    /** One section of the page: a heading, a sentence on when these codes appear, and the entries. */
    record Section(String title, String intro, List<CodeEntry> entries) {}

    static List<Section> sections() {
        return List.of(
                new Section("Reading spec files",
                        "`gpushare validate`, `place`, `plan`, `apply`, `advise`: the file cannot be read, or the files of a split spec do not merge. Exit status 1.",
                        fromEnum(ReadCode.values())),
                new Section("Schema",
                        "The document breaks `schema/gpushare.schema.json` (an editor with the YAML language server underlines these as you type). Exit status 1.",
                        fromEnum(SchemaCode.values())),
                new Section("Semantic rules",
                        "The spec is well-formed but cannot work: a reference, the catalog, memory that does not fit. [validation.md](validation.md) describes the rules. Exit status 1.",
                        fromEnum(ValidationCode.values())),
                new Section("MIG layouts",
                        "A `partitionLayout` cannot be cut from one GPU ([concepts.md](concepts.md#mig-geometry) shows why). Exit status 1.",
                        fromEnum(MigCode.values())),
                new Section("Unplaced copies",
                        "The spec is valid but a copy has no room: `place`, `plan` and `apply` list it under *unplaced* with the smallest change that would make it fit. Exit status 3. [placement.md](placement.md) explains the search.",
                        fromEnum(PlacementCode.values())),
                new Section("Layout advisor",
                        "`gpushare advise` leaves an endpoint without advice and says why (`notAdvised`); exit status 3 when nothing can host it. See [advisor.md](advisor.md).",
                        fromEnum(AdviceCode.values())),
                new Section("Import from ECS",
                        "`gpushare import ecs`: a task definition with a problem is left out, the others are imported. See [interop.md](interop.md).",
                        fromEnum(InteropCode.values(), TroubleshootingGenerator::ecsImport)),
                new Section("Import from SageMaker",
                        "`gpushare import sagemaker`: a request with a problem is left out. See [interop.md](interop.md).",
                        fromEnum(InteropCode.values(), TroubleshootingGenerator::sageMakerImport)),
                new Section("Export",
                        "`gpushare export ecs|sagemaker`: warnings on stderr; the other documents are still written.",
                        fromEnum(InteropCode.values(), c -> c.name().startsWith("EXPORT_"))),
                new Section("Apply checks",
                        "`apply` of a saved plan, the Java API, and the placement service's `/apply`: every action is checked against the state, the catalog and itself before anything is written; a plan or batch with a problem is refused whole (exit status 1, HTTP 400 `ACTIONS_REFUSED`). gpushare's own plans never have these. See [plan-apply.md](plan-apply.md).",
                        fromEnum(ApplyCode.values())),
                new Section("Placement service",
                        "`gpushare serve` refuses a request (4xx) or fails (5xx) with `{\"status\", \"code\", \"message\", \"requestId\", \"problems\"}`; the client (`--backend https://…`) reports these as `BACKEND_REJECTED`, `BACKEND_UNAUTHORIZED` or `BACKEND_SERVER` with the server's code in the message. An unknown instance is `UNKNOWN_INSTANCE` (404). See [server.md](server.md).",
                        fromEnum(ServiceCode.values())),
                new Section("Backends",
                        "`plan`, `apply`, `status`, `destroy`, `instance`: the state cannot be read or written, or the gpushare server (`--backend https://…`) refuses. The command prints the message and exits with status 4 (Java callers get `BackendException.code()`). See [backends.md](backends.md).",
                        fromEnum(BackendCode.values())));
    }

    /** Every entry of every section, in page order. */
    static List<CodeEntry> entries() {
        return sections().stream().flatMap(s -> s.entries().stream()).toList();
    }

    static String render() {
        StringBuilder md = new StringBuilder();
        md.append("""
                # Troubleshooting: every problem code

                <!-- Generated by TroubleshootingGenerator (provider/cli/src/test/java/dev/gpushare/cli/docs/)
                     from the code lists; do not edit. Regenerate: mvn -pl provider/cli -am test
                     -Dtest=TroubleshootingDocTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true -->

                gpushare reports every problem it finds at once, one per line:

                ```text
                FILE:LINE:COLUMN: CODE /json/pointer: message that says what to change
                ```

                The code is stable (scripts may match on it), the path is a JSON Pointer into that file, and
                `--format json` prints the same as `{"file", "path", "code", "message", "line", "column"}`.
                Find the code below (your browser's search is quickest): what causes it, and how to fix it.
                The message itself carries the numbers and names of your case.

                Exit statuses: 0 done, 1 the spec has problems, 2 the command line is wrong or a file is
                missing, 3 valid but something could not be placed, 4 the backend failed or refused (a
                concurrent apply included), 70 a bug in gpushare (please report it with the stack trace).

                """);
        for (Section s : sections()) md.append("- [").append(s.title()).append("](#").append(anchor(s.title())).append(")\n");
        for (Section s : sections()) {
            md.append("\n## ").append(s.title()).append("\n\n").append(s.intro()).append("\n\n");
            md.append("| Code | Cause | Fix |\n|---|---|---|\n");
            for (CodeEntry e : s.entries()) {
                md.append("| `").append(e.code()).append("` | ").append(DocFiles.cell(e.cause())).append(" | ")
                        .append(DocFiles.cell(e.fix())).append(" |\n");
            }
        }
        return md.toString();
    }

    /** GitHub's heading anchor for the plain titles used here: lower case, spaces to dashes. */
    private static String anchor(String title) {
        return title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
    }

    private static List<CodeEntry> fromEnum(ProblemCode[] values) {
        return fromEnum(values, c -> true);
    }

    private static <C extends ProblemCode> List<CodeEntry> fromEnum(C[] values, Predicate<? super C> keep) {
        return Arrays.stream(values).filter(keep)
                .map(c -> new CodeEntry(c.name(), sourceOf(c), c.cause(), c.fix())).toList();
    }

    private static String sourceOf(ProblemCode c) {
        return c instanceof Enum<?> e ? e.getDeclaringClass().getSimpleName() : c.getClass().getSimpleName();
    }

    // InteropCode spans three sections, told apart by prefix; PARSE_ERROR belongs to both importers
    private static boolean ecsImport(InteropCode c) {
        return c.name().startsWith("ECS_") || c == InteropCode.PARSE_ERROR;
    }

    private static boolean sageMakerImport(InteropCode c) {
        return c.name().startsWith("SAGEMAKER_") || c == InteropCode.PARSE_ERROR;
    }
}
