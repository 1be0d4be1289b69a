package dev.gpushare.engine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** UPPER_SNAKE literals in main sources that are not problem codes, each with why. */
    private static final Map<String, String> NOT_CODES = Map.of(
            "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "environment variable of an MPS container",
            "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "environment variable of an MPS container",
            "NVIDIA_VISIBLE_DEVICES", "environment variable of a GPU container",
            "GPUSHARE_BACKEND", "environment variable naming the backend URL",
            "TIME_SLICING", "a gpuSharing strategy / GPU mode name");

    /**
     * Modules whose codes another page documents: the remote server's HTTP API errors (docs/server.md)
     * and the Pulumi provider, both owned and documented by their own helpers.
     */
    private static final Set<String> DOCUMENTED_ELSEWHERE = Set.of("server", "pulumi");

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
                .as("codes without a troubleshooting entry (add them to an enum with cause and fix, or to UnlistedCodes)")
                .isEmpty();
    }

    @Test
    void everyUnlistedEntryIsStillUsed() {
        // an entry for a code nobody emits any more would send users after a ghost
        Set<String> used = codeLiterals().keySet();
        Set<String> stale = UnlistedCodes.ALL.stream().map(CodeEntry::code).filter(c -> !used.contains(c))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(stale).as("UnlistedCodes entries no main source emits").isEmpty();
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
    void theSweepFindsTheKnownLiteralCodes() {
        // guards the sweep itself: if these stop being found, the regex or the source roots broke
        assertThat(codeLiterals()).containsKeys("BACKEND_URL_INVALID", "ECS_MIXED_GPU_FORMS", "SAGEMAKER_MIN_MEMORY");
    }

    /** code → first file that writes it, over the main Java sources of model, engine and cli. */
    private static Map<String, String> codeLiterals() {
        Map<String, String> found = new TreeMap<>();
        Path provider = DocFiles.root().resolve("provider");
        try (Stream<Path> files = Files.walk(provider)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")
                    && p.toString().contains("/src/main/java/")
                    && !DOCUMENTED_ELSEWHERE.contains(provider.relativize(p).getName(0).toString())).sorted().toList()) {
                Matcher m = LITERAL.matcher(Files.readString(f));
                while (m.find()) found.putIfAbsent(m.group(1), provider.relativize(f).toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }
}
