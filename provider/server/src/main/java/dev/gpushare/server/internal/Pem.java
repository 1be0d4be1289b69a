package dev.gpushare.server.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
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
import java.util.Collection;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** TLS material from PEM files (what certbot and openssl write) into JSSE contexts. */
public final class Pem {
    private Pem() {}

    /** A server context from a certificate chain and its PKCS#8 private key ({@code BEGIN PRIVATE KEY}). */
    public static SSLContext serverContext(Path certFile, Path keyFile) throws IOException, GeneralSecurityException {
        PrivateKey key = privateKey(keyFile);
        Collection<? extends Certificate> chain = certificates(certFile);
        if (chain.isEmpty()) throw new GeneralSecurityException("no certificate in " + certFile);
        char[] password = new char[0];
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("server", key, password, chain.toArray(new Certificate[0]));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    /** A client context that trusts the certificates in {@code caFile} (e.g. a self-signed server's). */
    public static SSLContext trusting(Path caFile) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        int i = 0;
        for (Certificate c : certificates(caFile)) ks.setCertificateEntry("ca-" + i++, c);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    private static Collection<? extends Certificate> certificates(Path file) throws IOException, GeneralSecurityException {
        return CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(Files.readAllBytes(file)));
    }

    private static PrivateKey privateKey(Path file) throws IOException, GeneralSecurityException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        if (text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")) {
            throw new GeneralSecurityException(file + " holds a PKCS#1/SEC1 key; convert it to PKCS#8 with"
                    + " `openssl pkcs8 -topk8 -nocrypt -in " + file + " -out key.pem`");
        }
        int begin = text.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = text.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) throw new GeneralSecurityException("no unencrypted PKCS#8 private key (BEGIN PRIVATE KEY) in " + file);
        byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + 27, end));
        GeneralSecurityException last = null;
        for (String algorithm : List.of("RSA", "EC", "Ed25519")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                last = e;
            }
        }
        throw new GeneralSecurityException("the key in " + file + " is not RSA, EC or Ed25519", last);
    }
}
