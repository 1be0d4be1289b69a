package dev.gpushare.model.io.internal;

import dev.gpushare.model.problem.Problem;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A spec file's bytes as text: strict UTF-8 (the only encoding YAML 1.2 and JSON share), a UTF-8
 * byte order mark dropped. Anything else is said plainly — which encoding it looks like, and where
 * the first byte that is not UTF-8 sits — instead of a decoder's "Input length = 1".
 */
public final class Utf8Text {
    private Utf8Text() {}

    /** The decoded text, or the reason it is not UTF-8 (line, column and byte of the first bad byte). */
    public sealed interface Decoded {
        record Text(String text) implements Decoded {}

        record NotUtf8(Problem.Location at, String message) implements Decoded {}
    }

    public static Decoded decode(byte[] bytes) {
        int start = 0;
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) start = 3;
        else if (startsWith(bytes, 0x00, 0x00, 0xFE, 0xFF) || startsWith(bytes, 0xFF, 0xFE, 0x00, 0x00)) {
            return new Decoded.NotUtf8(new Problem.Location(1, 1), "the file is UTF-32 (it starts with a UTF-32 byte order"
                    + " mark); save it as UTF-8");
        } else if (startsWith(bytes, 0xFE, 0xFF) || startsWith(bytes, 0xFF, 0xFE)) {
            return new Decoded.NotUtf8(new Problem.Location(1, 1), "the file is UTF-16 (it starts with the byte order mark 0x"
                    + hex(bytes[0]) + " 0x" + hex(bytes[1]) + "); save it as UTF-8");
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length - start);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) r = decoder.flush(out);
        int bad = r.isError() ? in.position() : bytes.length;
        // NUL is valid UTF-8 but no text file holds it: UTF-16 without a byte order mark does
        for (int i = start; i < bad; i++) {
            if (bytes[i] == 0) {
                String prefix = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                Problem.Location at = locate(prefix, prefix.length());
                return new Decoded.NotUtf8(at, "the file holds NUL bytes (the first is byte " + i + ", line " + at.line()
                        + ", column " + at.column() + "), as UTF-16 text without a byte order mark does; save it as UTF-8");
            }
        }
        if (r.isError()) return notUtf8(bytes, start, bad);
        out.flip();
        String text = out.toString();
        return new Decoded.Text(text);
    }

    private static Decoded notUtf8(byte[] bytes, int start, int badOffset) {
        // the valid prefix gives the line and column of the bad byte
        String prefix = new String(bytes, start, badOffset - start, StandardCharsets.UTF_8);
        Problem.Location at = locate(prefix, prefix.length());
        String hint = looksLikeLatin1(bytes[badOffset]) ? " (it looks like Latin-1 or Windows-1252)" : "";
        return new Decoded.NotUtf8(at, "the file is not UTF-8 text: byte " + badOffset + " (0x" + hex(bytes[badOffset])
                + ", line " + at.line() + ", column " + at.column() + ") does not start or continue a UTF-8 character"
                + hint + "; save it as UTF-8");
    }

    private static boolean looksLikeLatin1(byte b) {
        int v = b & 0xFF;
        return v >= 0xA0;
    }

    private static Problem.Location locate(String text, int index) {
        int line = 1, column = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new Problem.Location(line, column);
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) if ((bytes[i] & 0xFF) != prefix[i]) return false;
        return true;
    }

    private static String hex(byte b) {
        return String.format("%02X", b & 0xFF);
    }
}
