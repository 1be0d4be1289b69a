package dev.gpushare.server.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bearer tokens the service accepts, each with its scope. A token-file line is a token alone
 * (full access), or {@code TOKEN agent:CLUSTER/INSTANCE}: an agent's token, which may only report
 * for that one instance ({@link Scope#permits}). Compared as SHA-256 digests with {@link
 * MessageDigest#isEqual} (constant time, equal lengths), and every token is tried, so the time
 * taken says nothing about which token or how much of it matched.
 */
public final class Tokens {
    /** The shortest token accepted, in characters: shorter ones are guessable. */
    public static final int MIN_LENGTH = 16;

    /** What a token may do: everything, or report for one instance. */
    public sealed interface Scope {
        /** True when a request to {@code route} (its template) with {@code params} is allowed. */
        boolean permits(String method, String route, Map<String, String> params);

        record Full() implements Scope {
            @Override
            public boolean permits(String method, String route, Map<String, String> params) {
                return true;
            }
        }

        record Agent(String cluster, String instance) implements Scope {
            public static final String ROUTE = "/v1/clusters/{cluster}/instances/{instance}/report";

            @Override
            public boolean permits(String method, String route, Map<String, String> params) {
                return method.equals("POST") && route.equals(ROUTE) && cluster.equals(params.get("cluster"))
                        && instance.equals(params.get("instance"));
            }
        }
    }

    private record Entry(byte[] digest, Scope scope) {}

    private final List<Entry> entries;

    private Tokens(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static Tokens of(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        for (String line : lines) {
            String[] words = line.strip().split("\\s+");
            String t = words[0];
            if (t.length() < MIN_LENGTH) {
                throw new IllegalArgumentException("a token is shorter than " + MIN_LENGTH
                        + " characters; generate one with `openssl rand -hex 32`");
            }
            Scope scope = new Scope.Full();
            if (words.length > 2 || (words.length == 2 && !words[1].startsWith("agent:"))) {
                throw new IllegalArgumentException("a token line has '" + String.join(" ", java.util.Arrays.asList(words).subList(1, words.length))
                        + "' after the token; write the token alone (full access) or `TOKEN agent:CLUSTER/INSTANCE` (an agent's)");
            }
            if (words.length == 2) {
                String[] ci = words[1].substring("agent:".length()).split("/", -1);
                if (ci.length != 2 || !Api.CLUSTER.matcher(ci[0]).matches() || !Api.NAME.matcher(ci[1]).matches()) {
                    throw new IllegalArgumentException("'" + words[1] + "' is not an agent scope; write agent:CLUSTER/INSTANCE,"
                            + " e.g. agent:inference-prod/l4-shared-0");
                }
                scope = new Scope.Agent(ci[0], ci[1]);
            }
            entries.add(new Entry(sha256(t), scope));
        }
        if (entries.isEmpty()) throw new IllegalArgumentException("no token given; put at least one token in the token file, one per line");
        return new Tokens(entries);
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
        return scope(authorization) != null;
    }

    /** The scope of the token {@code authorization} carries, or null when it carries no known token. */
    public Scope scope(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) return null;
        byte[] given = sha256(authorization.substring(7).strip());
        Scope found = null;
        for (Entry e : entries) {
            if (MessageDigest.isEqual(e.digest(), given) && found == null) found = e.scope();
        }
        return found;
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
