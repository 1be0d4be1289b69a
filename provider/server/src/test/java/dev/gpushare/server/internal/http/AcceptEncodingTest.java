package dev.gpushare.server.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which Accept-Encoding fields take a gzip answer (RFC 9110 §12.5.3): weights, wildcards, case, several fields. */
class AcceptEncodingTest {
    @ParameterizedTest(name = "[{0}] + [{1}] → {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        // header (first field) | second field | gzip?
        "NONE                      | NONE   | false",  // no Accept-Encoding: the body as it is
        "''                        | NONE   | false",  // empty: identity only
        "gzip                      | NONE   | true",
        "GZip                      | NONE   | true",   // codings are case-insensitive
        "x-gzip                    | NONE   | true",
        "'gzip, deflate, br'       | NONE   | true",   // what curl --compressed and Python requests send
        "'br, gzip;q=0.5'          | NONE   | true",   // any weight above 0
        "'gzip;q=0'                | NONE   | false",  // q=0: not acceptable
        "'gzip; q=0.000'           | NONE   | false",
        "'*'                       | NONE   | true",   // the wildcard takes any coding not named
        "'*;q=0'                   | NONE   | false",
        "'*, gzip;q=0'             | NONE   | false",  // named beats the wildcard
        "'gzip;q=0, *'             | NONE   | false",
        "identity                  | NONE   | false",
        "'deflate, br'             | NONE   | false",
        "'gzip;q=2'                | NONE   | false",  // a weight out of 0..1 is not a weight: refused
        "'gzip;q=abc'              | NONE   | false",
        "deflate                   | gzip   | true",   // a second field adds to the first
        "'gzip;q=0'                | gzip   | true",   // either field naming gzip above 0
    })
    void gzipIsTakenWhenAWeightAboveZeroNamesItOrTheWildcard(String first, String second, boolean gzip) {
        List<String> fields = first == null ? List.of() : second == null ? List.of(first) : List.of(first, second);
        assertThat(AcceptEncoding.gzip(fields)).isEqualTo(gzip);
    }
}
