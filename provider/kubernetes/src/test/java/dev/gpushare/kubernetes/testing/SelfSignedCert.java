package dev.gpushare.kubernetes.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for 127.0.0.1, made in the test with the JDK's keytool, written as PEM
 * (the certificate, and the key as PKCS#8): what the webhook serves and the API server trusts.
 */
public record SelfSignedCert(Path certPem, Path keyPem, String certPemText) {
    public static SelfSignedCert make(Path dir) throws IOException, InterruptedException {
        Path ks = dir.resolve("webhook.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "webhook", "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "2", "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1,dns:localhost",
                "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("keytool failed: " + out);
        try (InputStream in = Files.newInputStream(ks)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, "changeit".toCharArray());
            Key key = store.getKey("webhook", "changeit".toCharArray());
            Certificate cert = store.getCertificate("webhook");
            String certPem = pem("CERTIFICATE", cert.getEncoded());
            Path c = Files.writeString(dir.resolve("tls.crt"), certPem);
            Path k = Files.writeString(dir.resolve("tls.key"), pem("PRIVATE KEY", key.getEncoded()));
            return new SelfSignedCert(c, k, certPem);
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    public String caBundleBase64() {
        return Base64.getEncoder().encodeToString(certPemText.getBytes());
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
