package dev.gpushare.kubernetes.testing;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A real control plane on loopback for tests: etcd, kube-apiserver (token auth, self-signed
 * certificates, RBAC, DRA with consumable capacity) and kube-scheduler, built by scripts/build-kube.
 * No kubelet, controller manager or GPU: {@link Nodes} creates nodes and their status as a cloud
 * would and the ResourceSlices the NVIDIA DRA driver would publish, and {@link NodeAgents} does the
 * node side that the tests need (finishing deleted pods, the MIG manager's relabelling).
 *
 * <p>{@link #shared()} starts one per test JVM and stops it when the JVM exits (also after a
 * failure); tests keep apart through their own namespaces and cluster names.
 */
public final class KubeCluster implements AutoCloseable {
    public static final String TOKEN = "gpushare-test-" + UUID.randomUUID();
    private static KubeCluster shared;

    private final Path dir;
    private final List<Processes.Server> servers = new ArrayList<>();
    private final int apiPort;
    private final List<String> apiServerCommand;
    private final Path kubeconfig;
    private final KubernetesClient admin;
    private final Nodes nodes;
    private final NodeAgents agents;

    /** The JVM's cluster, started on first use; skips (fails under CI=true) without the binaries. */
    public static synchronized KubeCluster shared() {
        Path bin = KubeBinaries.require();
        if (shared == null) {
            shared = start(bin, true);
            KubeCluster c = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "kube-cluster-stop"));
        }
        return shared;
    }

    /** A cluster of its own (with or without the scheduler); close it. */
    public static KubeCluster start(Path bin, boolean scheduler) {
        try {
            return new KubeCluster(bin, scheduler);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the test cluster: " + e.getMessage(), e);
        }
    }

    private KubeCluster(Path bin, boolean scheduler) throws IOException {
        dir = Files.createTempDirectory("gpushare-kube-");
        try {
            int etcdPort = Processes.freePort(), peerPort = Processes.freePort();
            apiPort = Processes.freePort();
            servers.add(Processes.start("etcd", dir, List.of(bin.resolve("etcd").toString(),
                    "--data-dir", dir.resolve("etcd").toString(), "--name", "default",
                    "--listen-client-urls", "http://127.0.0.1:" + etcdPort,
                    "--advertise-client-urls", "http://127.0.0.1:" + etcdPort,
                    "--listen-peer-urls", "http://127.0.0.1:" + peerPort,
                    "--initial-advertise-peer-urls", "http://127.0.0.1:" + peerPort,
                    "--initial-cluster", "default=http://127.0.0.1:" + peerPort,
                    "--unsafe-no-fsync", "--log-level", "warn")));
            writeKeys();
            Files.writeString(dir.resolve("tokens.csv"), TOKEN + ",admin,admin-uid,\"system:masters\"\n");
            Path certs = Files.createDirectories(dir.resolve("certs"));
            apiServerCommand = List.of(bin.resolve("kube-apiserver").toString(),
                    "--etcd-servers", "http://127.0.0.1:" + etcdPort,
                    "--bind-address", "127.0.0.1", "--advertise-address", "127.0.0.1",
                    "--secure-port", Integer.toString(apiPort), "--cert-dir", certs.toString(),
                    "--service-account-issuer", "https://kubernetes.default.svc",
                    "--service-account-key-file", dir.resolve("sa.pub").toString(),
                    "--service-account-signing-key-file", dir.resolve("sa.key").toString(),
                    "--token-auth-file", dir.resolve("tokens.csv").toString(),
                    "--authorization-mode", "RBAC",
                    "--service-cluster-ip-range", "10.96.0.0/16",
                    "--feature-gates", "DRAConsumableCapacity=true",
                    "--enable-priority-and-fairness=false", "--profiling=false",
                    "--endpoint-reconciler-type", "none", "--v", "1");
            servers.add(Processes.start("kube-apiserver", dir, apiServerCommand));
            waitReady();
            kubeconfig = dir.resolve("kubeconfig");
            Files.writeString(kubeconfig, kubeconfigText(certs.resolve("apiserver.crt")));
            admin = client();
            if (scheduler) startScheduler(bin);
            nodes = new Nodes(admin);
            agents = new NodeAgents(admin);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void startScheduler(Path bin) throws IOException {
        Path config = dir.resolve("scheduler.yaml");
        Files.writeString(config, """
                apiVersion: kubescheduler.config.k8s.io/v1
                kind: KubeSchedulerConfiguration
                clientConnection:
                  kubeconfig: %s
                leaderElection:
                  leaderElect: false
                """.formatted(kubeconfig));
        servers.add(Processes.start("kube-scheduler", dir, List.of(bin.resolve("kube-scheduler").toString(),
                "--config", config.toString(), "--bind-address", "127.0.0.1",
                "--secure-port", Integer.toString(Processes.freePort()),
                "--authentication-kubeconfig", kubeconfig.toString(), "--authorization-kubeconfig", kubeconfig.toString(),
                "--feature-gates", "DRAConsumableCapacity=true", "--v", "1")));
    }

    /**
     * Stops the API server (SIGTERM), keeps it down for {@code down}, and starts it again on the same
     * port, certificates and etcd: what its clients see of an upgrade or a crash. Returns when it is
     * ready again.
     */
    public synchronized void restartApiServer(Duration down) {
        int i = -1;
        for (int j = 0; j < servers.size(); j++) if (servers.get(j).name().equals("kube-apiserver")) i = j;
        servers.get(i).stop();
        sleep(down.toMillis());
        try {
            servers.set(i, Processes.start("kube-apiserver", dir, apiServerCommand));
            waitReady();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restart kube-apiserver: " + e.getMessage(), e);
        }
    }

    /** The kubeconfig file (context {@code test}), as a user would point KUBECONFIG at it. */
    public Path kubeconfig() {
        return kubeconfig;
    }

    /** A fabric8 configuration for the API server, as the admin. */
    public Config config() {
        return new ConfigBuilder(Config.empty())
                .withMasterUrl("https://127.0.0.1:" + apiPort)
                .withOauthToken(TOKEN)
                .withCaCertFile(dir.resolve("certs").resolve("apiserver.crt").toString())
                .withRequestTimeout(30_000)
                .build();
    }

    /** A new admin client (close it). */
    public KubernetesClient client() {
        return new KubernetesClientBuilder().withConfig(config()).withHttpClientFactory(new JdkHttpClientFactory()).build();
    }

    public KubernetesClient admin() {
        return admin;
    }

    public Nodes nodes() {
        return nodes;
    }

    public NodeAgents agents() {
        return agents;
    }

    /** Creates the namespace and its default ServiceAccount (no controller manager makes it here). */
    public String namespace(String name) {
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        admin.serviceAccounts().inNamespace(name).resource(new ServiceAccountBuilder().withNewMetadata()
                .withName("default").withNamespace(name).endMetadata().build()).create();
        return name;
    }

    private void waitReady() throws IOException {
        HttpClient http = HttpClient.newBuilder().sslContext(trustAll()).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + apiPort + "/readyz"))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            for (Processes.Server s : servers) {
                if (!s.process().isAlive()) throw new IOException(s.name() + " exited:\n" + s.tail());
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for kube-apiserver", e);
            }
            sleep(250);
        }
        throw new IOException("kube-apiserver not ready within 90 s:\n" + servers.get(servers.size() - 1).tail());
    }

    private String kubeconfigText(Path ca) throws IOException {
        String caData = Base64.getEncoder().encodeToString(Files.readAllBytes(ca));
        return """
                apiVersion: v1
                kind: Config
                clusters:
                - name: test
                  cluster:
                    server: https://127.0.0.1:%d
                    certificate-authority-data: %s
                users:
                - name: admin
                  user:
                    token: %s
                contexts:
                - name: test
                  context: {cluster: test, user: admin}
                current-context: test
                """.formatted(apiPort, caData, TOKEN);
    }

    private void writeKeys() throws IOException {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048, new SecureRandom());
            KeyPair kp = g.generateKeyPair();
            Files.writeString(dir.resolve("sa.key"), pem("PRIVATE KEY", kp.getPrivate().getEncoded()));
            Files.writeString(dir.resolve("sa.pub"), pem("PUBLIC KEY", kp.getPublic().getEncoded()));
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException("cannot make the service-account key: " + e.getMessage(), e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    /** For the readiness probe only: the server's certificate is made at its start. */
    private static SSLContext trustAll() throws IOException {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[]{new X509TrustManager() {
                public void checkClientTrusted(X509Certificate[] c, String a) {}
                public void checkServerTrusted(X509Certificate[] c, String a) {}
                public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
            }}, new SecureRandom());
            return ctx;
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Stops the servers (scheduler, API server, etcd) and deletes their files. */
    @Override
    public synchronized void close() {
        if (admin != null) admin.close();
        for (int i = servers.size() - 1; i >= 0; i--) servers.get(i).stop();
        servers.clear();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder left behind is harmless
        }
    }
}
