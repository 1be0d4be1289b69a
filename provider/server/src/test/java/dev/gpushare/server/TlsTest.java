package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gpushare.engine.Gpushare;
import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.server.internal.Pem;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS from PEM files (as openssl writes them), and a client that trusts that certificate. */
class TlsTest {
    @TempDir Path dir;

    @Test
    void servesHttpsWithAPemCertificateAndKey() throws Exception {
        Path cert = dir.resolve("cert.pem"), key = dir.resolve("key.pem");
        Process openssl;
        try {
            openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "openssl is not installed: " + e.getMessage());
            return;
        }
        openssl.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assumeTrue(openssl.waitFor(60, TimeUnit.SECONDS) && openssl.exitValue() == 0, "openssl could not make a certificate");

        ServerConfig config = ServerConfig.loopback("file:" + dir.resolve("state.db"), TestServers.TOKEN).withTls(cert, key);
        try (PlacementServer server = PlacementServer.start(config, TestServers.quiet())) {
            assertThat(server.url()).startsWith("https://127.0.0.1:");
            HttpBackend.Options trusting = HttpBackend.Options.defaults().withSslContext(Pem.trusting(cert));
            try (Gpushare gs = Gpushare.using(HttpBackend.connect(server.url(), TestServers.TOKEN, trusting))) {
                gs.apply(gs.plan(Specs.spec("tls", 1, 1, 1)));
                assertThat(gs.status("tls").summary().allocations()).isEqualTo(1);
            }
            // the JDK's default trust store does not know a self-signed certificate: a network-level refusal
            try (HttpBackend untrusting = HttpBackend.connect(server.url(), TestServers.TOKEN, HttpBackend.Options.defaults().withAttempts(1))) {
                assertThatThrownBy(() -> untrusting.read("tls")).isInstanceOfSatisfying(BackendException.class,
                        e -> assertThat(e.code().name()).isEqualTo("BACKEND_NETWORK"));
            }
        }
    }

    @Test
    void aPkcs1KeyIsRefusedWithTheCommandThatConvertsIt() throws Exception {
        Path key = dir.resolve("rsa.pem");
        java.nio.file.Files.writeString(key, "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        Path cert = dir.resolve("cert.pem");
        java.nio.file.Files.writeString(cert, "");
        ServerConfig config = ServerConfig.loopback("file:" + dir.resolve("state.db"), TestServers.TOKEN).withTls(cert, key);
        assertThatThrownBy(() -> PlacementServer.start(config, TestServers.quiet()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
    }
}
