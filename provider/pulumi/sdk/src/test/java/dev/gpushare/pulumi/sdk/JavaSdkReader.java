package dev.gpushare.pulumi.sdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The resources of the generated Java SDK: each class annotated {@code @ResourceType(type=token)},
 * its {@code @Export(name=...)} outputs, and the {@code @Import(name=..., required=...)} fields of
 * its {@code XArgs}.
 */
final class JavaSdkReader {
    private static final Pattern TOKEN = Pattern.compile("@ResourceType\\(type=\"([^\"]+)\"\\)");
    private static final Pattern OUTPUT = Pattern.compile("@Export\\(name=\"(\\w+)\"");
    private static final Pattern INPUT = Pattern.compile("@Import\\(name=\"(\\w+)\"(, required=true)?");

    private JavaSdkReader() {}

    static SortedMap<String, ResourceShape> read(Path packageDir) {
        SortedMap<String, ResourceShape> out = new TreeMap<>();
        for (Path file : SdkSource.files(packageDir, ".java")) {
            String text = SdkLayout.read(file);
            String token = SdkSource.first(TOKEN, text);
            if (token == null || token.startsWith("pulumi:providers:")) continue;
            TreeSet<String> outputs = new TreeSet<>();
            OUTPUT.matcher(text).results().forEach(m -> outputs.add(m.group(1)));
            TreeMap<String, Boolean> inputs = new TreeMap<>();
            Path args = packageDir.resolve(SdkLayout.typeName(token) + "Args.java");
            if (Files.exists(args)) {
                INPUT.matcher(SdkLayout.read(args)).results().forEach(m -> inputs.put(m.group(1), m.group(2) != null));
            }
            out.put(token, new ResourceShape(token, inputs, outputs));
        }
        return out;
    }
}
