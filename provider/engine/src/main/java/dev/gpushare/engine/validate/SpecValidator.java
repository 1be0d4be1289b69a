package dev.gpushare.engine.validate;

import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.validate.internal.ProblemOrder;
import dev.gpushare.engine.validate.internal.rules.SemanticRules;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;
import dev.gpushare.model.io.SpecWriter;
import dev.gpushare.model.problem.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Validation of a spec: structural (JSON Schema) and semantic, every problem at once.
 *
 * <p>For files: each file is parsed and schema-checked on its own; the files without problems are
 * bound into one spec and the semantic rules run on it even when another file was left out, so a
 * user sees everything that can be known. When a file was left out, "unknown name" problems are
 * not reported: the name may be defined in the file that could not be read.
 */
public final class SpecValidator {
    private SpecValidator() {}

    /**
     * Validates a spec split over these files (one file is the usual case).
     *
     * @throws java.io.UncheckedIOException when a file cannot be read (a usage error, not a spec problem)
     */
    public static ValidationReport validateFiles(List<Path> files) {
        List<ParsedFile> parsed = new ArrayList<>(files.size());
        for (Path file : files) parsed.add(SpecReader.parse(file));
        return validateParsed(parsed);
    }

    /** Validates one document given as text; {@code fileName} is what problems name as their file. */
    public static ValidationReport validateText(String fileName, String text) {
        return validateParsed(List.of(SpecReader.parse(fileName, text)));
    }

    /**
     * Validates one document given as a tree (the Pulumi provider merges its resources' fragments
     * into one): as {@link #validateText}, without printing and re-parsing it. Problems have paths
     * and no locations; {@code fileName} is what they name as their file.
     */
    public static ValidationReport validateTree(String fileName, tools.jackson.databind.JsonNode tree) {
        return validateParsed(List.of(new ParsedFile(fileName, tree, dev.gpushare.model.io.LocationIndex.EMPTY, List.of())));
    }

    /**
     * Validates a spec built in code (the DSL, the Pulumi provider): the schema check of its
     * document form plus the semantic rules. Paths point into {@code SpecWriter.toTree(spec)};
     * {@code file} is null. A semantic problem at a path the schema check already reported is
     * dropped, so one mistake is reported once.
     */
    public static List<Problem> validate(Spec spec) {
        return check(spec).problems();
    }

    /** {@link #validate(Spec)}, with the spec resolved once for the rules (and for what comes after them). */
    public static ValidationReport check(Spec spec) {
        List<Problem> structural = SchemaValidator.validate(SpecWriter.toTree(spec));
        Set<String> reported = new HashSet<>();
        for (Problem p : structural) reported.add(p.path());
        List<Problem> all = new ArrayList<>(structural);
        ResolvedSpec resolved = ResolvedSpec.of(spec);
        for (Problem p : SemanticRules.check(resolved)) {
            if (!reported.contains(p.path())) all.add(p);
        }
        return new ValidationReport(spec, ProblemOrder.sortedDistinct(all), resolved);
    }

    private static ValidationReport validateParsed(List<ParsedFile> files) {
        if (files.isEmpty()) {
            return new ValidationReport(null, List.of(Problem.at("", ReadCode.NO_INPUT,
                    "no spec file was given; pass at least one spec file")), null);
        }
        List<Problem> problems = new ArrayList<>();
        List<ParsedFile> bindable = new ArrayList<>();
        for (ParsedFile file : files) {
            Set<String> outOfRange = new HashSet<>();
            for (Problem p : file.problems()) {
                problems.add(located(file, p));
                if (p.code().equals(ReadCode.NUMBER_OUT_OF_RANGE.name())) outOfRange.add(p.path());
            }
            if (file.tree() == null) continue;
            // A duplicate key is reported but not structural (the first value is kept): still bind.
            List<Problem> structural = SchemaValidator.validate(file.tree());
            // a number no type holds (1e400) is reported once, by the reader, not again as "over the maximum"
            for (Problem p : structural) if (!outOfRange.contains(p.path())) problems.add(located(file, p));
            if (structural.isEmpty() && outOfRange.isEmpty()) bindable.add(file);
        }
        if (bindable.isEmpty()) return new ValidationReport(null, ProblemOrder.sortedDistinct(problems), null);

        ReadResult read = SpecReader.bind(bindable);
        ResolvedSpec resolved = read.spec() == null ? null : ResolvedSpec.of(read.spec());
        List<Problem> semantic = resolved == null ? List.of()
                : semantic(read, resolved, bindable.size() == files.size());
        problems.addAll(readerProblems(read, semantic));
        problems.addAll(semantic);
        return new ValidationReport(read.spec(), ProblemOrder.sortedDistinct(problems), resolved);
    }

    /** The rules' problems, mapped back to the files; without "unknown name" ones when a file is missing. */
    private static List<Problem> semantic(ReadResult read, ResolvedSpec resolved, boolean complete) {
        List<Problem> out = new ArrayList<>();
        for (Problem p : SemanticRules.check(resolved)) {
            if (!complete && p.code() instanceof ValidationCode v && v.reference()) continue;
            out.add(read.sources().locate(p));
        }
        return out;
    }

    /** The binder's problems, located; its DUPLICATE_NAME for a container yields to DUPLICATE_CONTAINER_NAME. */
    private static List<Problem> readerProblems(ReadResult read, List<Problem> semantic) {
        Set<String> containerDuplicates = new HashSet<>();
        for (Problem p : semantic) {
            if (p.code() == ValidationCode.DUPLICATE_CONTAINER_NAME) containerDuplicates.add(p.file() + p.path());
        }
        List<Problem> out = new ArrayList<>();
        for (Problem p : read.problems()) {
            Problem at = p.file() == null ? read.sources().locate(p) : p;
            boolean superseded = at.code() == ReadCode.DUPLICATE_NAME
                    && containerDuplicates.contains(at.file() + at.path());
            if (!superseded) out.add(at);
        }
        return out;
    }

    /** A problem with a path into this file, given its file name and line/column. */
    private static Problem located(ParsedFile file, Problem p) {
        if (p.file() != null && p.location() != null) return p;
        Problem.Location at = p.location() != null ? p.location() : file.locations().locate(p.path());
        return p.inFile(p.file() != null ? p.file() : file.file(), at);
    }
}
