package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.model.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files a careless script or an attacker hands to the reader: wrong encodings, numbers no type
 * holds, megabyte scalars. Each is a problem with a code, a path and the numbers, never an
 * exception, and none takes long.
 */
class HostileInputTest {
    @TempDir Path dir;

    private static final String SPEC = """
            apiVersion: gpushare.dev/v1
            cluster: café
            capacityProviders:
              - name: l4
                instanceType: g6.12xlarge
            """;

    @Test
    void latin1IsNotUtf8AndTheProblemNamesLineColumnAndByte() throws Exception {
        Path f = dir.resolve("latin1.yaml");
        Files.write(f, SPEC.getBytes(StandardCharsets.ISO_8859_1));
        ParsedFile p = SpecReader.parse(f);
        assertThat(p.parsed()).isFalse();
        // "café" on line 2: 'c','a','f' are columns 10–12 after "cluster: ", é (0xE9) is column 13;
        // byte offset = 28 bytes of line 1 ("apiVersion: gpushare.dev/v1\n") + 12 = 40
        assertThat(p.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("NOT_UTF8");
            assertThat(pr.path()).isEmpty();
            assertThat(pr.location()).isEqualTo(new Problem.Location(2, 13));
            assertThat(pr.message()).contains("byte 40", "0xE9", "save it as UTF-8");
        });
    }

    @Test
    void utf16IsRecognisedByItsByteOrderMark() throws Exception {
        Path f = dir.resolve("utf16.yaml");
        Files.write(f, SPEC.getBytes(StandardCharsets.UTF_16)); // Java writes a big-endian BOM FE FF
        ParsedFile p = SpecReader.parse(f);
        assertThat(p.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("NOT_UTF8");
            assertThat(pr.message()).contains("UTF-16", "save it as UTF-8");
        });
    }

    @Test
    void utf16WithoutAMarkIsNotReadAsTextWithNulBytes() throws Exception {
        Path f = dir.resolve("utf16le.yaml");
        Files.write(f, SPEC.getBytes(StandardCharsets.UTF_16LE));
        assertThat(SpecReader.parse(f).problems()).singleElement()
                .satisfies(pr -> assertThat(pr.code().name()).isEqualTo("NOT_UTF8"))
                .satisfies(pr -> assertThat(pr.message()).contains("NUL"));
    }

    @Test
    void randomBytesAreAProblemNotAnException() throws Exception {
        byte[] noise = new byte[4096];
        new java.util.Random(13).nextBytes(noise);
        Path f = dir.resolve("noise.yaml");
        Files.write(f, noise);
        assertThat(SpecReader.parse(f).problems()).singleElement()
                .satisfies(pr -> assertThat(pr.code().name()).isEqualTo("NOT_UTF8"));
    }

    @Test
    void aUtf8ByteOrderMarkIsAccepted() throws Exception {
        Path f = dir.resolve("bom.yaml");
        byte[] body = SPEC.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        Files.write(f, withBom);
        ParsedFile p = SpecReader.parse(f);
        assertThat(p.problems()).isEmpty();
        assertThat(p.tree().get("cluster").asString()).isEqualTo("café");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e400", "-1e400", "99999999999999999999999999", "1.5e30"})
    void numbersNoTypeHoldsAreOutOfRangeBeforeAnythingReadsThem(String number) {
        String yaml = SPEC.replace("café", "c") + "    minInstances: " + number + "\n";
        ParsedFile p = SpecReader.parse("big.yaml", yaml);
        assertThat(p.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("NUMBER_OUT_OF_RANGE");
            assertThat(pr.path()).isEqualTo("/capacityProviders/0/minInstances");
            assertThat(pr.location().line()).isEqualTo(6);
            assertThat(pr.message()).contains("the number " + number, "too large", "9223372036854775807");
        });
        // the tree still holds a number, so the checks after the reader never meet an unreadable one
        assertThat(p.tree().at("/capacityProviders/0/minInstances").isNumber()).isTrue();
    }

    @Test
    void aMegabyteScalarIsRefusedQuicklyInYamlAndJson() {
        // 4 MiB on one line: with snakeyaml-engine's default 1 KiB window this took ~20 s (the
        // window is copied for every KiB read); the attack suite prints the time it takes now
        String huge = "x".repeat(4 * 1024 * 1024);
        ParsedFile longLine = SpecReader.parse("huge.yaml", SPEC.replace("café", "c") + "    image: " + huge + "\n");
        // "    image: " is 11 characters: the line is 4194304 + 11 = 4194315 long
        assertThat(longLine.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("VALUE_TOO_LONG");
            assertThat(pr.location().line()).isEqualTo(6);
            assertThat(pr.message()).contains("line 6 is 4194315 characters", "1048576");
        });
        String tooLong = "x".repeat(SpecReader.MAX_STRING_LENGTH + 1);
        ParsedFile yaml = SpecReader.parse("long.yaml", SPEC.replace("café", "c") + "    image: " + tooLong + "\n");
        ParsedFile json = SpecReader.parse("huge.json", "{\"apiVersion\": \"gpushare.dev/v1\", \"cluster\": \"" + huge + "\"}");
        assertThat(yaml.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("VALUE_TOO_LONG");
            assertThat(pr.location().line()).isEqualTo(6);
            assertThat(pr.message()).contains("65537 characters", "at most 65536");
        });
        assertThat(json.problems()).singleElement().satisfies(pr -> {
            assertThat(pr.code().name()).isEqualTo("VALUE_TOO_LONG");
            assertThat(pr.message()).contains("4194304 characters", "at most 65536");
        });
    }

    @Test
    void aStringAtTheLimitIsRead() {
        String atLimit = "x".repeat(SpecReader.MAX_STRING_LENGTH);
        ParsedFile p = SpecReader.parse("ok.yaml", SPEC.replace("café", "c") + "    image: " + atLimit + "\n");
        assertThat(p.problems()).isEmpty();
        assertThat(p.tree().at("/capacityProviders/0/image").asString()).hasSize(SpecReader.MAX_STRING_LENGTH);
        char[] key = new char[SpecReader.MAX_STRING_LENGTH + 1];
        Arrays.fill(key, 'k');
        ParsedFile longKey = SpecReader.parse("key.json", "{\"" + new String(key) + "\": 1}");
        assertThat(longKey.problems()).extracting(x -> x.code().name()).containsExactly("VALUE_TOO_LONG");
    }
}
