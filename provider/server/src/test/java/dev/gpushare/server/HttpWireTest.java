package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.server.internal.ServiceWire;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTP/1.1 on the wire, byte for byte on a raw socket: what a proxy in front and the service must
 * read the same way (smuggling: Content-Length beside Transfer-Encoding, two lengths; folded and
 * oversized heads), {@code Expect: 100-continue}, pipelining (also behind a request that is worked
 * on), and the deadlines of a kept-alive connection. The attack suite covers the same refusals
 * once each, on a server in its own JVM; these pin the exact bytes.
 */
class HttpWireTest {
    /** Short deadlines, so that a test of them takes seconds: header 1 s, body 2 s, idle 2 s. */
    static final Duration HEADER = Duration.ofSeconds(1), BODY = Duration.ofSeconds(2), IDLE = Duration.ofSeconds(2);
    static final String AUTH = "Authorization: Bearer " + TestServers.TOKEN + "\r\n";

    @TempDir static Path dir;
    static PlacementServer server;
    static int port;

    @BeforeAll
    static void start() {
        server = PlacementServer.start(ServerConfig.loopback("file:" + dir.resolve("state.db"), TestServers.TOKEN)
                .withLimits(ServiceLimits.DEFAULTS.withTimeouts(HEADER, BODY, IDLE)), TestServers.quiet());
        port = URI.create(server.url()).getPort();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void contentLengthBesideChunkedIsRefusedAndTheSmuggledRequestNeverAnswered() throws Exception {
        // a proxy that reads Content-Length sees one request with a 36-byte body; one that reads
        // chunked sees an empty body and then "GET /v1/clusters" — the service refuses the whole
        // connection, so neither reading reaches the route behind it
        String smuggled = "GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n";
        String raw = "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: " + (5 + smuggled.length())
                + "\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled;
        List<String> answers = exchange(raw);
        assertThat(answers).hasSize(1);
        assertThat(answers.getFirst()).startsWith("HTTP/1.1 400").contains("\"code\":\"BAD_CONTENT_LENGTH\"")
                .containsIgnoringCase("Connection: close");
    }

    @Test
    void twoDifferentContentLengthsAreRefused() throws Exception {
        List<String> answers = exchange("POST /v1/clusters/c/apply HTTP/1.1\r\nHost: x\r\n" + AUTH
                + "Content-Length: 0\r\nContent-Length: 42\r\n\r\n" + "GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n");
        assertThat(answers).hasSize(1);
        assertThat(answers.getFirst()).startsWith("HTTP/1.1 400").contains("\"code\":\"BAD_CONTENT_LENGTH\"");
    }

    @Test
    void aChunkedTransferCodingListIsRefused() throws Exception {
        // "chunked, identity" or "identity" alone: codings a proxy may strip or not; only "chunked" is read
        for (String te : List.of("identity", "gzip, chunked, identity")) {
            List<String> answers = exchange("POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + AUTH + "Transfer-Encoding: " + te
                    + "\r\n\r\n0\r\n\r\n");
            assertThat(answers).as(te).hasSize(1);
            assertThat(answers.getFirst()).as(te).matches("(?s)HTTP/1.1 (400|501).*").contains("\"code\":\"");
        }
    }

    @Test
    void foldedHeadersAndHeadsOverTheLimitAreRefused() throws Exception {
        assertThat(exchange("GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + AUTH + "X-A: 1\r\n\tfolded\r\n\r\n").getFirst())
                .startsWith("HTTP/1.1 400").contains("\"code\":\"MALFORMED_REQUEST\"");
        // 32 KiB of head in all: one field of 33,000 bytes, or 101 small fields
        assertThat(exchange("GET /v1/clusters HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(33_000) + "\r\n\r\n").getFirst())
                .startsWith("HTTP/1.1 431").contains("\"code\":\"HEADERS_TOO_LARGE\"");
        StringBuilder many = new StringBuilder("GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + AUTH);
        for (int i = 0; i < 100; i++) many.append("X-F").append(i).append(": 1\r\n");
        assertThat(exchange(many + "\r\n").getFirst()).startsWith("HTTP/1.1 431").contains("\"code\":\"HEADERS_TOO_LARGE\"");
        assertThat(exchange("GET /v1/clusters HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n").getFirst()).startsWith("HTTP/1.1 400");
    }

    @Test
    void expectContinueIsAnsweredOnlyOnceTheTokenIsChecked() throws Exception {
        String spec = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("cont", 1, 1, 1)));
        byte[] body = spec.getBytes(StandardCharsets.UTF_8);
        try (Socket s = connect()) {
            write(s, "POST /v1/clusters/cont/plan HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\nExpect: 100-continue\r\n\r\n");
            InputStream in = s.getInputStream();
            assertThat(readHead(in)).startsWith("HTTP/1.1 100");
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            String head = readHead(in);
            assertThat(head).startsWith("HTTP/1.1 200");
            assertThat(new String(in.readNBytes(length(head)), StandardCharsets.UTF_8)).contains("\"actions\"");
        }
        // without a token: 401 at once, no 100, and the body is never waited for
        try (Socket s = connect()) {
            write(s, "POST /v1/clusters/cont/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\nExpect: 100-continue\r\n\r\n");
            String answer = readAll(s, 3000);
            assertThat(answer).startsWith("HTTP/1.1 401").doesNotContain("100 Continue").containsIgnoringCase("Connection: close");
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        String spec = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("pipe", 1, 1, 2)));
        int length = spec.getBytes(StandardCharsets.UTF_8).length;
        // five requests in one write: liveness (answered on Jetty's thread), a plan (on the work pool,
        // the client watched meanwhile: the requests behind it must not be taken for a client leaving),
        // a read, a refusal without a body, and the last one closing
        String raw = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /v1/clusters/pipe/plan HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: " + length + "\r\n\r\n" + spec
                + "GET /v1/clusters/pipe/state HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n"
                + "GET /no/such/path HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n"
                + "GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + AUTH + "Connection: close\r\n\r\n";
        List<String> answers = exchange(raw);
        assertThat(answers).hasSize(5);
        assertThat(answers.get(0)).startsWith("HTTP/1.1 200").contains("\"status\":\"ok\"");
        assertThat(answers.get(1)).startsWith("HTTP/1.1 200").contains("\"actions\"");
        assertThat(answers.get(2)).startsWith("HTTP/1.1 200").contains("\"revision\"");
        assertThat(answers.get(3)).startsWith("HTTP/1.1 404");
        assertThat(answers.get(4)).startsWith("HTTP/1.1 200").contains("\"clusters\"");
    }

    @Test
    void aKeptAliveConnectionsNextHeadHasItsOwnDeadline() throws Exception {
        try (Socket s = connect()) {
            InputStream in = s.getInputStream();
            write(s, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
            String head = readHead(in);
            assertThat(head).startsWith("HTTP/1.1 200");
            in.readNBytes(length(head));
            // the next request's head drips a line every 400 ms: cut 1 s after its first byte,
            // although no read waited longer than 400 ms
            long start = System.nanoTime();
            write(s, "GET /v1/clusters HTTP/1.1\r\n");
            boolean cut = false;
            for (int i = 0; i < 10 && !cut; i++) {
                Thread.sleep(400);
                try {
                    write(s, "X-Drip-" + i + ": 1\r\n");
                } catch (IOException e) {
                    cut = true;
                }
                if (!cut) cut = closed(s);
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(cut).as("cut by the header deadline").isTrue();
            assertThat(ms).isBetween(HEADER.toMillis() - 100, HEADER.toMillis() + 2000);
        }
    }

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        try (Socket s = connect()) {
            InputStream in = s.getInputStream();
            write(s, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
            in.readNBytes(length(readHead(in)));
            long start = System.nanoTime();
            s.setSoTimeout((int) IDLE.toMillis() + 3000);
            assertThat(in.read()).isEqualTo(-1);
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(IDLE.toMillis() - 100, IDLE.toMillis() + 2000);
        }
    }

    @Test
    void aSlowBodyIsCutAtItsWholeDeadline() throws Exception {
        try (Socket s = connect()) {
            write(s, "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + AUTH + "Content-Length: 1000\r\n\r\n{");
            long start = System.nanoTime();
            boolean cut = false;
            for (int i = 0; i < 20 && !cut; i++) {
                Thread.sleep(300);
                try {
                    write(s, " ");
                } catch (IOException e) {
                    cut = true;
                }
                if (!cut) cut = closed(s);
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(cut).isTrue();
            assertThat(ms).isBetween(BODY.toMillis() - 100, BODY.toMillis() + 2000);
        }
    }

    @Test
    void aBadChunkIsRefused() throws Exception {
        List<String> answers = exchange("POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + AUTH
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
        assertThat(answers).hasSize(1);
        assertThat(answers.getFirst()).startsWith("HTTP/1.1 400").contains("\"code\":\"MALFORMED_REQUEST\"");
    }

    // ---- helpers ------------------------------------------------------------------------------

    static Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        s.setSoTimeout(10_000);
        return s;
    }

    static void write(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Sends {@code raw} in one write and reads every answer until the server closes (or 15 s of quiet: CI machines are busy). */
    static List<String> exchange(String raw) throws IOException {
        try (Socket s = connect()) {
            write(s, raw);
            s.setSoTimeout(15_000);
            InputStream in = s.getInputStream();
            List<String> answers = new ArrayList<>();
            while (true) {
                String head;
                try {
                    head = readHead(in);
                } catch (IOException e) {
                    return answers;
                }
                answers.add(head + new String(in.readNBytes(length(head)), StandardCharsets.UTF_8));
            }
        }
    }

    /** A response's status line and headers, up to the empty line. */
    static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IOException("closed");
            head.append((char) b);
        }
        return head.toString();
    }

    static int length(String head) {
        String h = head.toLowerCase(Locale.ROOT);
        int at = h.indexOf("content-length:");
        if (at < 0) return 0;
        return Integer.parseInt(h.substring(at + 15, h.indexOf("\r\n", at)).strip());
    }

    /** True when the server has closed the connection (read sees the end within 50 ms). */
    static boolean closed(Socket s) throws IOException {
        s.setSoTimeout(50);
        try {
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        } finally {
            s.setSoTimeout(10_000);
        }
    }

    static String readAll(Socket s, int millis) throws IOException {
        s.setSoTimeout(millis);
        StringBuilder sb = new StringBuilder();
        byte[] buf = new byte[8192];
        try {
            InputStream in = s.getInputStream();
            for (int n = in.read(buf); n > 0; n = in.read(buf)) sb.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // what came so far
        }
        return sb.toString();
    }
}
