package dev.gpushare.server.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The bearer tokens the service accepts. Compared as SHA-256 digests with {@link
 * MessageDigest#isEqual} (constant time, equal lengths), and every token is tried, so the time
 * taken says nothing about which token or how much of it matched.
 */
public final class Tokens {
    /** The shortest token accepted, in characters: shorter ones are guessable. */
    public static final int MIN_LENGTH = 16;

    private final List<byte[]> digests;

    private Tokens(List<byte[]> digests) {
        this.digests = List.copyOf(digests);
    }

    public static Tokens of(List<String> tokens) {
        List<byte[]> digests = new ArrayList<>();
        for (String t : tokens) {
            if (t.length() < MIN_LENGTH) {
                throw new IllegalArgumentException("a token is shorter than " + MIN_LENGTH
                        + " characters; generate one with `openssl rand -hex 32`");
            }
            digests.add(sha256(t));
        }
        if (digests.isEmpty()) throw new IllegalArgumentException("no token given; put at least one token in the token file, one per line");
        return new Tokens(digests);
    }

    /** One token per line; blank lines and lines starting with {@code #} are skipped. */
    public static Tokens read(Path file) throws IOException {
        List<String> tokens = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) tokens.add(t);
        }
        return of(tokens);
    }

    /** True when {@code authorization} (the header's value) is {@code Bearer <a known token>}. */
    public boolean accepts(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) return false;
        byte[] given = sha256(authorization.substring(7).strip());
        boolean ok = false;
        for (byte[] d : digests) ok |= MessageDigest.isEqual(d, given);
        return ok;
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
