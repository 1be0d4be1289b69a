package dev.gpushare.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrintableTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // input (Java escapes resolved below) | as one line           | as text
            "plain-name/3                          | plain-name/3          | plain-name/3",
            "evil\\u001B[31mred                    | evil\\u001B[31mred    | evil\\u001B[31mred",
            "two\\nlines                           | two\\nlines           | two<NL>lines",
            "bell\\u0007 del\\u007F c1\\u009B       | bell\\u0007 del\\u007F c1\\u009B | bell\\u0007 del\\u007F c1\\u009B",
            "rtl\\u202Eoverride                    | rtl\\u202Eoverride    | rtl\\u202Eoverride",
            "tab\\there                            | tab\\there            | tab<TAB>here",
            "caf\\u00E9 ünïcode                    | café ünïcode          | café ünïcode"})
    void controlCharactersAreEscaped(String input, String line, String text) {
        String in = unescape(input);
        assertThat(Printable.line(in)).isEqualTo(line);
        assertThat(Printable.text(in)).isEqualTo(unescapeNewlines(text));
        assertThat(Printable.isLine(in)).isEqualTo(in.equals(line));
    }

    /** The table's {@code \\uXXXX}, {@code \\n} and {@code \\t} as the characters they stand for. */
    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && s.charAt(i + 1) == 'u') {
                sb.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                i += 5;
            } else if (c == '\\' && s.charAt(i + 1) == 'n') {
                sb.append('\n');
                i++;
            } else if (c == '\\' && s.charAt(i + 1) == 't') {
                sb.append('\t');
                i++;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** In the "as text" column only line breaks and tabs are real; other escapes stay as written. */
    private static String unescapeNewlines(String s) {
        return s.replace("<NL>", "\n").replace("<TAB>", "\t");
    }
}
