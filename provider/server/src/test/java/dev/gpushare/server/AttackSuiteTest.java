package dev.gpushare.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.server.internal.ServiceWire;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The bounded attack suite of issue 13: what a hostile client on loopback tried, and what held.
 * The server runs in its own JVM (heap capped at 512 MiB) so that its RSS is measured and SIGTERM is
 * real; attackers connect from other loopback addresses (127.0.0.2, …) than the {@code /healthz}
 * probe (127.0.0.1), which must get its 200 every time, throughout. Bounded: about 200 connections and 90 s
 * in all. Prints a line per attack and, at the end, the RSS and probe latencies (docs/benchmarks.md).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AttackSuiteTest {
    /** The suite's limits: short deadlines, so that it finishes quickly; the defaults are in docs/server.md. */
    static final int HEADER_S = 2, BODY_S = 3, PER_CLIENT = 16, COPIES = 20_000;

    @TempDir static Path dir;
    static Process server;
    static String url;
    static int port;
    static final List<Long> probeMillis = Collections.synchronizedList(new ArrayList<>());
    static final List<String> probeFailures = Collections.synchronizedList(new ArrayList<>());
    static final AtomicLong peakRssKiB = new AtomicLong();
    static final AtomicBoolean probing = new AtomicBoolean(true);
    static final List<String> report = Collections.synchronizedList(new ArrayList<>());
    static ExecutorService background;
    static long startRssKiB;

    @BeforeAll
    static void start() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        server = new ProcessBuilder(java, "-Xmx" + System.getProperty("attack.heap", "512m"), "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                ServerProcessMain.class.getName(), "file:" + dir.resolve("state.db"), TestServers.TOKEN,
                "header=" + HEADER_S, "body=" + BODY_S, "perClient=" + PER_CLIENT, "plans=2", "wait=2", "plan=30",
                "copies=" + COPIES).redirectError(dir.resolve("server.err").toFile()).start();
        url = awaitUrl(server);
        port = URI.create(url).getPort();
        startRssKiB = rssKiB();
        background = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "attack-probe");
            t.setDaemon(true);
            return t;
        });
        background.submit(AttackSuiteTest::probe);
        background.submit(() -> {
            while (probing.get()) {
                peakRssKiB.accumulateAndGet(rssKiB(), Math::max);
                sleep(200);
            }
        });
    }

    @AfterAll
    static void stop() throws Exception {
        probing.set(false);
        background.shutdownNow();
        if (server.isAlive()) server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        List<Long> sorted = new ArrayList<>(probeMillis);
        Collections.sort(sorted);
        System.out.println("attack suite: what was tried and what held");
        report.forEach(l -> System.out.println("  " + l));
        if (!sorted.isEmpty()) {
            System.out.printf(Locale.ROOT, "attack suite: /healthz answered %d probes, p50 %d ms, p99 %d ms, max %d ms, %d failed;"
                            + " server RSS %d MiB at start, %d MiB at peak (heap capped at 512 MiB); load %s%n",
                    sorted.size(), sorted.get(sorted.size() / 2), sorted.get((int) (sorted.size() * 0.99)), sorted.getLast(),
                    probeFailures.size(), startRssKiB / 1024, peakRssKiB.get() / 1024, load());
        }
    }

    // ---- the attacks ------------------------------------------------------------------------

    @Test
    @Order(1)
    void slowHeadersHoldNoWorkerAndAreCutAtTheirDeadline() throws Exception {
        // 24 connections from one address that drip a header line every second, without a token
        int attackers = 24;
        List<Socket> sockets = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < attackers; i++) sockets.add(connect("127.0.0.2"));
        for (Socket s : sockets) write(s, "GET /v1/clusters HTTP/1.1\r\nHost: x\r\n");
        int refused = 0, cut = 0;
        for (int tick = 0; tick < HEADER_S + 2; tick++) {
            sleep(1000);
            for (Socket s : sockets) {
                try {
                    write(s, "X-Drip-" + tick + ": 1\r\n");
                } catch (IOException e) {
                    // closed by the server: counted below
                }
            }
        }
        for (Socket s : sockets) {
            String answer = readAll(s, 3000);
            if (answer.startsWith("HTTP/1.1 503")) refused++;
            else if (answer.isEmpty()) cut++;
            s.close();
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        report.add("slow headers: " + attackers + " connections from 127.0.0.2 dripping a header line per second → "
                + refused + " refused at once (" + PER_CLIENT + " per client), " + cut + " closed at the " + HEADER_S
                + " s header deadline; " + seconds + " s");
        assertThat(refused).isEqualTo(attackers - PER_CLIENT);
        assertThat(cut).isEqualTo(PER_CLIENT);
        assertProbesHeld("slow headers");
    }

    @Test
    @Order(2)
    void aSlowBodyIsCutAtItsDeadline() throws Exception {
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Socket s = connect("127.0.0.3");
            write(s, "POST /v1/clusters/slow/plan HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TestServers.TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{");
            sockets.add(s);
        }
        int cut = 0;
        for (int tick = 0; tick < (BODY_S + 2) * 2; tick++) {
            sleep(500);
            for (Socket s : sockets) {
                try {
                    write(s, " ");
                } catch (IOException e) {
                    // cut
                }
            }
        }
        for (Socket s : sockets) {
            if (readAll(s, 2000).isEmpty()) cut++;
            s.close();
        }
        report.add("slow body: 8 authenticated plans dripping a byte per 500 ms of a 5000-byte body → " + cut
                + " closed at the " + BODY_S + " s body deadline");
        assertThat(cut).isEqualTo(8);
        assertProbesHeld("slow body");
    }

    @Test
    @Order(3)
    void noTokenIsRefusedBeforeTheBodyIsRead() throws Exception {
        try (Socket s = connect("127.0.0.4")) {
            long start = System.nanoTime();
            write(s, "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n");
            String answer = readAll(s, 3000);
            long ms = (System.nanoTime() - start) / 1_000_000;
            report.add("no token, 50 MB body announced and not sent → " + firstLine(answer) + " after " + ms + " ms, body never read");
            assertThat(answer).startsWith("HTTP/1.1 401").contains("Connection: close", "\"code\":\"UNAUTHORIZED\"");
        }
    }

    @Test
    @Order(4)
    void oversizedWorkIsRefusedBeforePlacingAndPlansAreBounded() throws Exception {
        // the 441-byte spec: 200,000 copies on a pool without limit, 16 times at once
        String huge = Files.readString(resource("huge-spec.json"));
        List<Future<Integer>> answers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            for (int i = 0; i < 16; i++) answers.add(pool.submit(() -> post("/v1/clusters/huge/plan", huge).status()));
            int tooLarge = 0;
            for (Future<Integer> f : answers) if (f.get(60, TimeUnit.SECONDS) == 400) tooLarge++;
            report.add("oversized work: 16 × a " + huge.length() + "-byte spec of 200,000 copies → " + tooLarge
                    + " answered 400 SPEC_TOO_LARGE before placing");
            assertThat(tooLarge).isEqualTo(16);

            // at the limit: 8 plans of 20,000 copies at once; 2 are computed at a time, the others wait 2 s, then 503
            String atLimit = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(
                    Specs.spec("limit", 1, 1, COPIES)));
            answers.clear();
            long start = System.nanoTime();
            List<Future<Answer>> limited = new ArrayList<>();
            for (int i = 0; i < 8; i++) limited.add(pool.submit(() -> post("/v1/clusters/limit/plan", atLimit)));
            int ok = 0, busy = 0;
            List<String> other = new ArrayList<>();
            for (Future<Answer> f : limited) {
                Answer a = f.get(120, TimeUnit.SECONDS);
                if (a.status() == 200) ok++;
                else if (a.status() == 503) busy++;
                else other.add(a.status() + " " + a.body().substring(0, Math.min(300, a.body().length())));
            }
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            report.add("plans at the limit: 8 × " + COPIES + " copies at once → " + ok + " computed (2 at a time), " + busy
                    + " answered 503 SERVER_BUSY with Retry-After after waiting 2 s; " + seconds + " s; peak RSS "
                    + peakRssKiB.get() / 1024 + " MiB");
            if (!other.isEmpty()) {
                String log = Files.readString(dir.resolve("server.err"));
                assertThat(other).as("answers other than 200 and 503; the server's log ends:%n%s",
                        log.substring(Math.max(0, log.length() - 4000))).isEmpty();
            }
            assertThat(ok + busy).isEqualTo(8);
            assertThat(ok).isGreaterThanOrEqualTo(2);
        } finally {
            pool.shutdownNow();
        }
        assertThat(server.isAlive()).as("the server survived").isTrue();
        assertProbesHeld("oversized work");
    }

    @Test
    @Order(5)
    void aPlanWhoseClientLeftIsCancelledAndFreesItsTurn() throws Exception {
        String atLimit = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("gone", 1, 1, COPIES)));
        byte[] body = atLimit.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 4; i++) {
            try (Socket s = connect("127.0.0.5")) {
                write(s, "POST /v1/clusters/gone/plan HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TestServers.TOKEN
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n");
                s.getOutputStream().write(body);
                s.getOutputStream().flush();
                sleep(300); // the plan has started; the client goes away
            }
        }
        sleep(1000);
        // were the four still computing, this small plan would wait 2 s and get 503
        Answer small = post("/v1/clusters/small/plan", ServiceWire.MAPPER.writeValueAsString(
                dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("small", 1, 1, 3))));
        report.add("clients leaving: 4 plans of " + COPIES + " copies abandoned 300 ms after sending → a small plan then "
                + "answered " + small.status() + " (their turns were freed)");
        assertThat(small.status()).isEqualTo(200);
    }

    @Test
    @Order(6)
    void forgedActionsAreRefusedWholeAndNothingIsStored() throws Exception {
        String launch = "{\"kind\": \"launchInstance\", \"instance\": {\"id\": \"l4-0\", \"capacityProvider\": \"l4\","
                + " \"endpoint\": null, \"instanceType\": \"g6.12xlarge\", \"healthy\": true, \"gpus\": [%s]}, \"declaredLayout\": null}";
        String gpu = "{\"index\": %d, \"model\": \"L4\", \"memoryMiB\": 22563, \"mode\": \"IDLE\", \"fraction\": null,"
                + " \"partitions\": [], \"allocations\": []}";
        String gpus = String.join(", ", gpu.formatted(0), gpu.formatted(1), gpu.formatted(2), gpu.formatted(3));
        String place = "{\"kind\": \"placeCopy\", \"task\": \"%s\", \"to\": [{\"instance\": \"l4-0\", \"gpu\": %d, \"allocation\":"
                + " {\"task\": \"%s\", \"container\": \"model\", \"memoryMiB\": %d, \"maxComputePercent\": %d, \"partition\": null,"
                + " \"env\": {%s}}}]}";
        String env = "\"NVIDIA_VISIBLE_DEVICES\": \"0\", \"CUDA_MPS_PINNED_DEVICE_MEM_LIMIT\": \"0=%dM\","
                + " \"CUDA_MPS_ACTIVE_THREAD_PERCENTAGE\": \"%d\"";
        String[][] forgeries = {
                {"999999999 MiB", place.formatted("e/0", 0, "e/0", 999_999_999, 25, env.formatted(999_999_999, 25))},
                {"999 percent", place.formatted("e/0", 0, "e/0", 4096, 999, env.formatted(4096, 999))},
                {"LD_PRELOAD", place.formatted("e/0", 0, "e/0", 4096, 25, env.formatted(4096, 25) + ", \"LD_PRELOAD\": \"/tmp/evil.so\"")},
                {"id with newline and escape", place.formatted("e/0\\n\\u001b[31m", 0, "e/0\\n\\u001b[31m", 4096, 25, env.formatted(4096, 25))},
                {"unknown instance type", launch.formatted(gpus).replace("g6.12xlarge", "p9.mega")},
                {"GPU -3", place.formatted("e/0", -3, "e/0", 4096, 25, env.formatted(4096, 25).replace("\"0\"", "\"-3\""))}};
        int refused = 0;
        for (String[] f : forgeries) {
            String body = "{\"expectedRevision\": 0, \"actions\": [" + launch.formatted(gpus) + ", " + f[1] + "]}";
            Answer a = post("/v1/clusters/forged/apply", body);
            JsonNode json = ServiceWire.MAPPER.readTree(a.body());
            if (a.status() == 400 && json.get("code").asString().equals("ACTIONS_REFUSED")) refused++;
            assertThat(a.body()).as(f[0]).doesNotContain("\u001b");
        }
        Answer state = get("/v1/clusters/forged/state");
        long revision = ServiceWire.MAPPER.readTree(state.body()).get("revision").asLong();
        report.add("forged actions: " + forgeries.length + " batches (999999999 MiB, 999 %, LD_PRELOAD, id with newline"
                + " and ESC, unknown instance type, GPU -3) → " + refused + " refused 400 ACTIONS_REFUSED, cluster still at revision "
                + revision);
        assertThat(refused).isEqualTo(forgeries.length);
        assertThat(revision).isZero();
    }

    @Test
    @Order(7)
    void unknownClustersLeaveNoTrace() throws Exception {
        long seriesBefore = clusterSeriesLines();
        long rssBefore = rssKiB();
        int n = 5_000;
        try (Socket s = connect("127.0.0.6")) {
            s.setSoTimeout(5000);
            InputStream in = s.getInputStream();
            for (int i = 0; i < n; i++) {
                write(s, "GET /v1/clusters/ghost-" + i + "/state HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TestServers.TOKEN + "\r\n\r\n");
                readResponse(in);
            }
        }
        long seriesAfter = clusterSeriesLines();
        report.add("unknown clusters: " + n + " GET /state of clusters that do not exist → per-cluster metric series "
                + seriesBefore + " → " + seriesAfter + ", server RSS " + rssBefore / 1024 + " → " + rssKiB() / 1024 + " MiB");
        assertThat(seriesAfter).isEqualTo(seriesBefore);
        assertThat(get("/metrics").body()).doesNotContain("ghost-");
    }

    @Test
    @Order(8)
    void malformedRequestsGetJsonErrorsNotHtmlOr500() throws Exception {
        String auth = "Authorization: Bearer " + TestServers.TOKEN + "\r\n";
        String[][] cases = {
                // what, raw request, expected status, expected code
                {"Content-Length not a number", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: 12abc\r\n\r\n", "400", "BAD_CONTENT_LENGTH"},
                {"two Content-Lengths", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "400", "BAD_CONTENT_LENGTH"},
                {"Content-Length and chunked", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", "400", "BAD_CONTENT_LENGTH"},
                {"folded header", "GET /v1/clusters HTTP/1.1\r\nHost: x\r\n" + auth + "X-A: 1\r\n  folded\r\n\r\n", "400", "MALFORMED_REQUEST"},
                {"40 KiB of headers", "GET /v1/clusters HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(40_000) + "\r\n\r\n", "431", "HEADERS_TOO_LARGE"},
                {"HTTP/2.0 request line", "GET /v1/clusters HTTP/2.0\r\nHost: x\r\n\r\n", "505", "MALFORMED_REQUEST"},
                {"gzip transfer coding", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Transfer-Encoding: gzip\r\n\r\n", "501", "MALFORMED_REQUEST"},
                {"Latin-1 spec body", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: LEN\r\n\r\n{\"cluster\": \"\u00e9\"}", "400", "INVALID_SPEC"},
                {"desiredCount 1e400", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: LEN\r\n\r\n"
                        + Files.readString(resource("huge-spec.json")).replace("200000", "1e400"), "400", "INVALID_SPEC"},
                {"nested 100,000 deep", "POST /v1/clusters/c/plan HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Length: LEN\r\n\r\n"
                        + "[".repeat(100_000), "400", "MALFORMED_JSON"},
                {"token with a line break", "GET /v1/clusters HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer abc\rdef\r\n\r\n", "400", "MALFORMED_REQUEST"},
                {"HEAD /healthz", "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n", "200", ""}};
        List<String> held = new ArrayList<>();
        for (String[] c : cases) {
            String raw = c[1];
            int bodyAt = raw.indexOf("\r\n\r\n") + 4;
            byte[] body = raw.substring(bodyAt).getBytes(c[0].startsWith("Latin-1") ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            String head = raw.substring(0, bodyAt).replace("LEN", Integer.toString(body.length));
            try (Socket s = connect("127.0.0.7")) {
                s.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().write(body);
                s.getOutputStream().flush();
                String answer = readAll(s, 10_000);
                assertThat(answer).as(c[0]).startsWith("HTTP/1.1 " + c[2]).doesNotContain("<html", "Exception", "\tat ");
                if (!c[3].isEmpty()) assertThat(answer).as(c[0]).contains("\"code\":\"" + c[3] + "\"");
                if (c[0].startsWith("HEAD")) assertThat(answer.substring(answer.indexOf("\r\n\r\n") + 4)).as("HEAD has no body").isEmpty();
                held.add(c[0] + " → " + c[2] + (c[3].isEmpty() ? "" : " " + c[3]));
            }
        }
        report.add("malformed requests: " + String.join("; ", held));
    }

    @Test
    @Order(9)
    void sigtermUnderLoadStopsTheServerWithinSeconds() throws Exception {
        String atLimit = ServiceWire.MAPPER.writeValueAsString(dev.gpushare.model.io.SpecWriter.toTree(Specs.spec("term", 1, 1, COPIES)));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) pool.submit(() -> post("/v1/clusters/term/plan", atLimit));
            for (int i = 0; i < 10; i++) {
                Socket s = connect("127.0.0.8");
                write(s, "GET /v1/clusters HTTP/1.1\r\n");
                slow.add(s);
            }
            sleep(800);
            probing.set(false); // the probe would count the stop as failures
            long start = System.nanoTime();
            server.destroy(); // SIGTERM on Linux
            boolean exited = server.waitFor(15, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - start) / 1_000_000;
            report.add("SIGTERM under load (4 plans of " + COPIES + " copies, 10 slow connections) → "
                    + (exited ? "exited " + server.exitValue() + " after " + ms + " ms" : "still running after 15 s"));
            assertThat(exited).isTrue();
        } finally {
            pool.shutdownNow();
            for (Socket s : slow) s.close();
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    record Answer(int status, String body) {}

    static Answer post(String path, String json) throws IOException {
        return request("POST", path, json);
    }

    static Answer get(String path) throws IOException {
        return request("GET", path, null);
    }

    private static final java.util.concurrent.atomic.AtomicInteger CLIENTS = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * One request on a fresh connection, as a well-behaved client; each from its own address
     * (127.0.1.N), so that the work of the attacks never counts against the probe's 127.0.0.1.
     */
    static Answer request(String method, String path, String json) throws IOException {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        try (Socket s = connect("127.0.1." + (1 + CLIENTS.getAndIncrement() % 250))) {
            s.setSoTimeout(120_000);
            write(s, method + " " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TestServers.TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n");
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(answer.substring(9, 12));
            return new Answer(status, answer.substring(answer.indexOf("\r\n\r\n") + 4));
        }
    }

    /**
     * /healthz every 100 ms from 127.0.0.1, each on a new connection. A probe fails when it gets
     * anything but 200, or nothing within 5 s (generous: CI machines run other builds beside this;
     * the latencies are reported, not asserted).
     */
    static void probe() {
        while (probing.get()) {
            long start = System.nanoTime();
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                s.setSoTimeout(5000);
                write(s, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!answer.startsWith("HTTP/1.1 200")) probeFailures.add(firstLine(answer));
                else probeMillis.add((System.nanoTime() - start) / 1_000_000);
            } catch (IOException e) {
                if (probing.get()) probeFailures.add(e.toString());
            }
            sleep(100);
        }
    }

    static void assertProbesHeld(String during) {
        assertThat(probeFailures).as("/healthz during " + during).isEmpty();
        assertThat(probeMillis).as("/healthz answered during " + during).isNotEmpty();
    }

    static Socket connect(String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        return s;
    }

    static void write(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Everything the server sends until it closes or {@code millis} pass; "" when it closed without a word. */
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

    /** One keep-alive response (headers, then Content-Length bytes). */
    static void readResponse(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IOException("closed");
            head.append((char) b);
        }
        String h = head.toString().toLowerCase(Locale.ROOT);
        int at = h.indexOf("content-length: ") + 16;
        int len = Integer.parseInt(h.substring(at, h.indexOf("\r\n", at)).strip());
        in.readNBytes(len);
    }

    static long clusterSeriesLines() throws IOException {
        return get("/metrics").body().lines().filter(l -> l.contains("{cluster=")).count();
    }

    static String firstLine(String answer) {
        int nl = answer.indexOf("\r\n");
        return nl < 0 ? answer : answer.substring(0, nl);
    }

    static Path resource(String name) {
        return Path.of("src/test/resources/attack", name);
    }

    static long rssKiB() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc", Long.toString(server.pid()), "status"))) {
                if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process has ended
        }
        return 0;
    }

    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip() + " on " + Runtime.getRuntime().availableProcessors() + " cores";
        } catch (IOException e) {
            return "unknown";
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String awaitUrl(Process p) throws Exception {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (l.startsWith("listening ")) return l.substring("listening ".length()).strip();
                }
                throw new IllegalStateException("the server process ended before listening");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return line.get(60, TimeUnit.SECONDS);
    }
}
