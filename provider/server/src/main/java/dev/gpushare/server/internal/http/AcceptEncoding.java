package dev.gpushare.server.internal.http;

import java.util.List;
import java.util.Locale;

/**
 * Whether a request's {@code Accept-Encoding} (RFC 9110, section 12.5.3) takes a gzip answer: {@code gzip}
 * (or {@code x-gzip}) with a weight above zero, or {@code *} above zero when gzip is not named. No header,
 * an empty one, {@code identity} or {@code gzip;q=0} keep the answer as it is.
 */
public final class AcceptEncoding {
    private AcceptEncoding() {}

    /** {@code values}: every {@code Accept-Encoding} field of the request, as sent. */
    public static boolean gzip(List<String> values) {
        Boolean named = null;
        boolean any = false;
        for (String value : values) {
            for (String element : value.split(",")) {
                String[] parts = element.split(";");
                String coding = parts[0].trim().toLowerCase(Locale.ROOT);
                boolean accepted = weight(parts) > 0;
                if (coding.equals("gzip") || coding.equals("x-gzip")) {
                    named = named == null ? accepted : named || accepted;
                } else if (coding.equals("*")) {
                    any = accepted;
                }
            }
        }
        return named != null ? named : any;
    }

    /** The element's {@code q} weight: 1 when absent; 0 when it is not a number of 0..1. */
    private static double weight(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.length() > 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
                try {
                    double q = Double.parseDouble(p.substring(2).trim());
                    return q >= 0 && q <= 1 ? q : 0;
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
