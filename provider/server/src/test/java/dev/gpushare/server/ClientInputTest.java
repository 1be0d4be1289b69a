package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.engine.backend.Backends;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the client does with what a user hands it: a token with a line break, a URL with credentials. */
class ClientInputTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "'0123456789abcdef\\nsecond-line-token' | line break at position 17",
            "'0123456789abcdef 0123456789abcdef'    | space at position 17",
            "'0123456789abcdef\\u0007bell'          | character that cannot be sent at position 17"})
    void aTokenThatIsNotOneHeaderValueIsAClearError(String raw, String said) {
        String token = raw.replace("\\n", "\n").replace("\\u0007", "\u0007");
        assertThatThrownBy(() -> HttpBackend.connect("http://127.0.0.1:9", token, HttpBackend.Options.defaults()))
                .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code().name()).isEqualTo("BACKEND_UNAUTHORIZED"))
                .hasMessageContaining("GPUSHARE_TOKEN holds a " + said)
                .hasMessageNotContaining("second-line-token");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "https://alice:s3cret@gpushare.example.com/x     | https://***@gpushare.example.com/x",
            "http://127.0.0.1:8750/?token=s3cret&cluster=a   | http://127.0.0.1:8750/?token=***&cluster=a",
            "jdbc:postgresql://db/gs?user=gs&password=s3cret | jdbc:postgresql://db/gs?user=gs&password=***",
            "file:.gpushare/state                            | file:.gpushare/state"})
    void urlsArePrintedWithoutCredentials(String url, String shown) {
        assertThat(Backends.redact(url)).isEqualTo(shown);
    }

    @Test
    void theClientDescribesItselfWithoutCredentials() {
        try (HttpBackend b = HttpBackend.connect("https://alice:s3cret@127.0.0.1:9", "0123456789abcdef0123", HttpBackend.Options.defaults())) {
            assertThat(b.describe()).doesNotContain("s3cret").contains("127.0.0.1:9");
        }
    }
}
