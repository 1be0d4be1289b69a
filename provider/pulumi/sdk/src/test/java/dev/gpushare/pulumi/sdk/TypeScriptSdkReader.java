package dev.gpushare.pulumi.sdk;

import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The resources of the generated Node.js SDK: each {@code export class X extends
 * pulumi.CustomResource} with its {@code __pulumiType}, its {@code readonly} output properties and
 * the members of {@code interface XArgs} (required unless marked {@code ?}).
 */
final class TypeScriptSdkReader {
    private static final Pattern CLASS = Pattern.compile("export class (\\w+) extends pulumi\\.CustomResource \\{");
    private static final Pattern TOKEN = Pattern.compile("__pulumiType = '([^']+)'");
    private static final Pattern OUTPUT = Pattern.compile("declare public (?:/\\*out\\*/ )?readonly (\\w+): pulumi\\.Output<");
    private static final Pattern INPUT = Pattern.compile("(?m)^    (\\w+)(\\??): ");

    private TypeScriptSdkReader() {}

    static SortedMap<String, ResourceShape> read(Path dir) {
        SortedMap<String, ResourceShape> out = new TreeMap<>();
        for (Path file : SdkSource.files(dir, ".ts")) {
            String text = SdkLayout.read(file);
            String name = SdkSource.first(CLASS, text);
            if (name == null) continue;
            String type = SdkSource.block(text, "export class " + name + " ", "}");
            String args = SdkSource.block(text, "export interface " + name + "Args {", "}");
            String token = SdkSource.first(TOKEN, type);
            TreeSet<String> outputs = new TreeSet<>();
            OUTPUT.matcher(type).results().forEach(m -> outputs.add(m.group(1)));
            TreeMap<String, Boolean> inputs = new TreeMap<>();
            if (args != null) INPUT.matcher(args).results().forEach(m -> inputs.put(m.group(1), m.group(2).isEmpty()));
            out.put(token, new ResourceShape(token, inputs, outputs));
        }
        return out;
    }
}
