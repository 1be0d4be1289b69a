package dev.gpushare.kubernetes.controller;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.gpushare.kubernetes.crd.CustomResourceDefinitions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The validating admission webhook ({@code POST /validate}, HTTPS): the API server sends an
 * AdmissionReview for every create and update of a gpushare.dev resource, {@link Admission} answers.
 */
public final class AdmissionWebhook implements AutoCloseable {
    private final HttpsServer server;

    private AdmissionWebhook(HttpsServer server) {
        this.server = server;
    }

    /** Serves the webhook of {@code controller} (its view of the namespace's resources). */
    public static AdmissionWebhook start(String bind, int port, Path certPem, Path keyPem, Controller controller) throws IOException {
        return start(bind, port, certPem, keyPem, controller::resources);
    }

    public static AdmissionWebhook start(String bind, int port, Path certPem, Path keyPem,
                                         Supplier<List<GenericKubernetesResource>> resources) throws IOException {
        HttpsServer s = HttpsServer.create(new InetSocketAddress(bind, port), 32);
        s.setHttpsConfigurator(new HttpsConfigurator(sslContext(certPem, keyPem)));
        s.createContext(CustomResourceDefinitions.WEBHOOK_PATH, x -> {
            if (!"POST".equals(x.getRequestMethod())) {
                HealthServer.send(x, 405, "text/plain", "POST an AdmissionReview\n");
                return;
            }
            String body;
            try (InputStream in = x.getRequestBody()) {
                body = new String(in.readNBytes(4 * 1024 * 1024), StandardCharsets.UTF_8);
            }
            String answer;
            try {
                answer = Admission.review(body, resources);
            } catch (RuntimeException e) {
                HealthServer.send(x, 400, "text/plain", "not an AdmissionReview: " + e.getMessage() + "\n");
                return;
            }
            HealthServer.send(x, 200, "application/json", answer);
        });
        s.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "gpushare-webhook");
            t.setDaemon(true);
            return t;
        }));
        s.start();
        return new AdmissionWebhook(s);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** A TLS context from a PEM certificate chain and a PEM PKCS#8 key (RSA or EC). */
    static SSLContext sslContext(Path certPem, Path keyPem) throws IOException {
        try {
            List<? extends Certificate> chain = List.copyOf(CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(certPem))));
            if (chain.isEmpty()) throw new IllegalArgumentException(certPem + " holds no PEM certificate");
            String pem = Files.readString(keyPem);
            int b = pem.indexOf("-----BEGIN PRIVATE KEY-----"), e = pem.indexOf("-----END PRIVATE KEY-----");
            if (b < 0 || e < 0) throw new IllegalArgumentException(keyPem + " is not a PEM PKCS#8 key (BEGIN PRIVATE KEY);"
                    + " convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out " + keyPem);
            byte[] der = Base64.getMimeDecoder().decode(pem.substring(b + 27, e));
            PrivateKey key = null;
            for (String alg : List.of("RSA", "EC", "Ed25519")) {
                try {
                    key = KeyFactory.getInstance(alg).generatePrivate(new PKCS8EncodedKeySpec(der));
                    break;
                } catch (GeneralSecurityException ignored) {
                    // the next algorithm
                }
            }
            if (key == null) throw new IllegalArgumentException(keyPem + ": neither an RSA, EC nor Ed25519 key");
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry("webhook", key, new char[0], chain.toArray(new Certificate[0]));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, new char[0]);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("webhook TLS: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
