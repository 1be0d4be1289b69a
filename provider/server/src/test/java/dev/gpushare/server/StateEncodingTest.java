package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.Gpushare;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET state} gzip-encoded when the client takes it (issue 24, target 3): the same JSON as the
 * identity answer, {@code Vary: Accept-Encoding} on both, a new revision compressed anew; a client
 * that does not ask, or refuses gzip, gets the body as before.
 */
class StateEncodingTest {
    @TempDir static Path dir;
    static PlacementServer server;
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() {
        server = TestServers.embedded(dir);
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(Specs.spec("enc", 2, 3, 4))); // 12 copies on 2 instances
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<byte[]> state(String cluster, String acceptEncoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + "/v1/clusters/" + cluster + "/state"))
                .header("Authorization", "Bearer " + TestServers.TOKEN);
        if (acceptEncoding != null) b.header("Accept-Encoding", acceptEncoding);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] gunzip(byte[] body) throws Exception {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aClientThatTakesGzipGetsTheSameJsonCompressed() throws Exception {
        HttpResponse<byte[]> plain = state("enc", null);
        HttpResponse<byte[]> gzip = state("enc", "gzip, deflate, br");
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.headers().firstValue("Vary")).hasValue("Accept-Encoding");
        assertThat(new String(plain.body(), java.nio.charset.StandardCharsets.UTF_8)).startsWith("{").contains("\"revision\"");

        assertThat(gzip.statusCode()).isEqualTo(200);
        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(gzip.headers().firstValue("Vary")).hasValue("Accept-Encoding");
        assertThat(gzip.headers().firstValueAsLong("Content-Length")).hasValue(gzip.body().length);
        assertThat(gunzip(gzip.body())).isEqualTo(plain.body());
        assertThat(gzip.body().length).isLessThan(plain.body().length);
        // asked again: the kept encoding, the same bytes
        assertThat(state("enc", "gzip").body()).isEqualTo(gzip.body());
    }

    @Test
    void refusingGzipOrAskingForAnotherCodingGetsTheBodyAsItIs() throws Exception {
        byte[] plain = state("enc", null).body();
        for (String refusing : new String[] {"gzip;q=0", "identity", "br", ""}) {
            HttpResponse<byte[]> r = state("enc", refusing);
            assertThat(r.headers().firstValue("Content-Encoding")).as(refusing).isEmpty();
            assertThat(r.body()).as(refusing).isEqualTo(plain);
        }
    }

    @Test
    void aNewRevisionIsCompressedAnew() throws Exception {
        try (Gpushare gs = Gpushare.using(TestServers.client(server))) {
            gs.apply(gs.plan(Specs.spec("enc2", 1, 1, 2)));
            byte[] before = gunzip(state("enc2", "gzip").body());
            gs.apply(gs.plan(Specs.spec("enc2", 1, 1, 3)));
            byte[] after = gunzip(state("enc2", "gzip").body());
            assertThat(after).isNotEqualTo(before).isEqualTo(state("enc2", null).body());
        }
    }

    @Test
    void anUnknownClusterHasNoKeptEncoding() throws Exception {
        HttpResponse<byte[]> r = state("never-written", "gzip");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(r.headers().firstValue("Vary")).isEmpty();
    }
}
