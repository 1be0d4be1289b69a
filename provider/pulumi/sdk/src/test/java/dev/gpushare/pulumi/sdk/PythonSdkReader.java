package dev.gpushare.pulumi.sdk;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resources of the generated Python SDK: each {@code class X(pulumi.CustomResource)} with the
 * token it passes to {@code super().__init__}, its {@code @pulumi.getter} output properties, and
 * the getters of {@code class XArgs} (wire name from {@code getter(name=...)}, else the Python name)
 * with the keyword arguments of its {@code __init__} (required unless {@code = None}).
 */
final class PythonSdkReader {
    private static final Pattern CLASS = Pattern.compile("(?m)^class (\\w+)\\(pulumi\\.CustomResource\\):");
    private static final Pattern GETTER = Pattern.compile("@pulumi\\.getter(?:\\(name=\"(\\w+)\"\\))?\\n\\s+def (\\w+)\\(self\\)");
    private static final Pattern PARAM = Pattern.compile("(?m)^\\s+(\\w+): [^\\n]*?( = None)?[,)]:?$");

    private PythonSdkReader() {}

    static SortedMap<String, ResourceShape> read(Path packageDir) {
        SortedMap<String, ResourceShape> out = new TreeMap<>();
        for (Path file : SdkSource.files(packageDir, ".py")) {
            String text = SdkLayout.read(file);
            String name = SdkSource.first(CLASS, text);
            if (name == null) continue;
            String type = text.substring(text.indexOf("class " + name + "(pulumi.CustomResource):"));
            int argsAt = text.indexOf("class " + name + "Args:");
            String args = argsAt < 0 ? null : text.substring(argsAt, text.indexOf("\nclass ", argsAt));
            String token = SdkSource.first(Pattern.compile("super\\(" + name + ", __self__\\)\\.__init__\\(\\s*'([^']+)'"), type);
            TreeSet<String> outputs = new TreeSet<>(wireNames(type).values());
            TreeMap<String, Boolean> inputs = new TreeMap<>();
            if (args != null) {
                Map<String, String> wire = wireNames(args);
                String init = args.substring(args.indexOf("def __init__(__self__, *,"), args.indexOf("):\n") + 3);
                for (var m : PARAM.matcher(init).results().toList()) {
                    String python = m.group(1);
                    inputs.put(wire.getOrDefault(python, "?" + python), m.group(2) == null);
                }
            }
            out.put(token, new ResourceShape(token, inputs, outputs));
        }
        return out;
    }

    /** Python name → wire name of every getter. */
    private static Map<String, String> wireNames(String text) {
        Map<String, String> out = new HashMap<>();
        Matcher m = GETTER.matcher(text);
        while (m.find()) out.put(m.group(2), m.group(1) != null ? m.group(1) : m.group(2));
        return out;
    }
}
