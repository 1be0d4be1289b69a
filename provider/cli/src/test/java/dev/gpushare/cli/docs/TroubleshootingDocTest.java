package dev.gpushare.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.advise.AdviceCode;
import dev.gpushare.engine.backend.BackendCode;
import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.server.ServiceCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** docs/troubleshooting.md has an entry for every problem code, and is what the generator writes. */
class TroubleshootingDocTest {
    /** An UPPER_SNAKE string literal with at least one underscore: how codes without an enum are written. */
    private static final Pattern LITERAL = Pattern.compile("\"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\"");

    /** A use of a constant of the code enums that have no test of their own. */
    private static final Pattern ENUM_REFERENCE = Pattern.compile("\\b((?:Backend|Interop|Advice|Service)Code\\.[A-Z][A-Z0-9_]*)\\b");

    /** UPPER_SNAKE literals in main sources that are not problem codes, each with why. */
    private static final Map<String, String> NOT_CODES = Map.ofEntries(
            Map.entry("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "environment variable of an MPS container"),
            Map.entry("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "environment variable of an MPS container"),
            Map.entry("NVIDIA_VISIBLE_DEVICES", "environment variable of a GPU container"),
            Map.entry("GPUSHARE_BACKEND", "environment variable naming the backend URL"),
            Map.entry("GPUSHARE_TOKEN", "environment variable holding the remote backend's token"),
            Map.entry("GPUSHARE_CA_FILE", "environment variable naming the remote backend's CA certificates"),
            Map.entry("GPUSHARE_MIG_PARENT_GPU", "environment variable of a MIG container"),
            Map.entry("GPUSHARE_MIG_PROFILE", "environment variable of a MIG container"),
            Map.entry("GPUSHARE_MIG_START", "environment variable of a MIG container"),
            Map.entry("TIME_SLICING", "a gpuSharing strategy / GPU mode name"),
            Map.entry("MANAGED_INSTANCES", "an ECS launch compatibility (a task definition's RequiresCompatibilities)"),
            Map.entry("GPUSHARE_MODEL", "environment variable naming the model of an inference component's pod (Kubernetes)"),
            Map.entry("POD_NAME", "environment variable with the controller pod's name, its Lease identity (Kubernetes downward API)"),
            Map.entry("XDG_CACHE_HOME", "environment variable naming the user's cache folder (the SQLite driver's native library, docs/backends.md)"));

    /** Modules whose codes another page documents: the Pulumi provider's (docs/pulumi.md). */
    private static final Set<String> DOCUMENTED_ELSEWHERE = Set.of("pulumi");

    @Test
    void theDocsPageIsWhatTheGeneratorWrites() {
        DocFiles.check("troubleshooting.md", TroubleshootingGenerator.render());
    }

    @Test
    void everyCodeLiteralInTheSourcesHasAnEntry() {
        Set<String> documented = TroubleshootingGenerator.entries().stream().map(CodeEntry::code)
                .collect(Collectors.toSet());
        Map<String, String> missing = new TreeMap<>();
        codeLiterals().forEach((code, where) -> {
            if (!documented.contains(code) && !NOT_CODES.containsKey(code)) missing.put(code, where);
        });
        assertThat(missing)
                .as("codes without a troubleshooting entry (add them to a ProblemCode enum with cause and fix)")
                .isEmpty();
    }

    @Test
    void everyCodeOfTheCodeEnumsIsStillEmitted() {
        // a documented code nobody emits any more would send users after a ghost; the validation,
        // MIG, placement and read enums have their own tests for this
        Set<String> used = enumReferences();
        Set<String> stale = Stream.of(BackendCode.values(), InteropCode.values(), AdviceCode.values(), ServiceCode.values())
                .flatMap(Arrays::stream).map(c -> c.getDeclaringClass().getSimpleName() + "." + c.name())
                .filter(c -> !used.contains(c)).collect(Collectors.toCollection(TreeSet::new));
        assertThat(stale).as("codes no main source emits").isEmpty();
    }

    @Test
    void eachSectionListsEachCodeOnceWithACauseAndAFix() {
        for (TroubleshootingGenerator.Section s : TroubleshootingGenerator.sections()) {
            assertThat(s.entries()).as(s.title()).isNotEmpty();
            assertThat(s.entries().stream().map(CodeEntry::code)).as(s.title()).doesNotHaveDuplicates();
            for (CodeEntry e : s.entries()) {
                assertThat(e.code()).matches("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");
                assertThat(e.cause()).as(e.code() + " cause").isNotBlank().endsWith(".");
                assertThat(e.fix()).as(e.code() + " fix").isNotBlank().endsWith(".");
            }
        }
    }

    @Test
    void theSweepsFindTheKnownLiteralsAndReferences() {
        // guards the sweeps themselves: if these stop being found, a regex or the source roots broke
        assertThat(codeLiterals()).containsKeys("NVIDIA_VISIBLE_DEVICES", "GPUSHARE_BACKEND");
        assertThat(enumReferences()).contains("BackendCode.BACKEND_URL_INVALID", "InteropCode.ECS_MIXED_GPU_FORMS",
                "AdviceCode.MIG_NOT_SUPPORTED", "BackendCode.BACKEND_NETWORK");
    }

    /** code → first file that writes it, over the main Java sources of model, engine and cli. */
    private static Map<String, String> codeLiterals() {
        Map<String, String> found = new TreeMap<>();
        Path provider = DocFiles.root().resolve("provider");
        for (Path f : mainSources()) {
            if (DOCUMENTED_ELSEWHERE.contains(provider.relativize(f).getName(0).toString())) continue;
            Matcher m = LITERAL.matcher(read(f));
            while (m.find()) found.putIfAbsent(m.group(1), provider.relativize(f).toString());
        }
        return found;
    }

    /**
     * Every {@code BackendCode.X}, {@code InteropCode.X} and {@code AdviceCode.X} written in the main
     * Java sources of every provider module (the server emits backend codes too), the enums' own
     * files left out.
     */
    private static Set<String> enumReferences() {
        Set<String> found = new TreeSet<>();
        for (Path f : mainSources()) {
            if (f.getFileName().toString().matches("(Backend|Interop|Advice|Service)Code\\.java")) continue;
            Matcher m = ENUM_REFERENCE.matcher(read(f));
            while (m.find()) found.add(m.group(1));
        }
        return found;
    }

    private static List<Path> mainSources() {
        try (Stream<Path> files = Files.walk(DocFiles.root().resolve("provider"))) {
            return files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
