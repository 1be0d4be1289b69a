package dev.gpushare.pulumi.sdk;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The resources of the generated Go SDK: each file that calls {@code ctx.RegisterResource(token,
 * ...)}, the {@code pulumi:"..."} tags of {@code type X struct} (outputs) and of the private
 * {@code type xArgs struct} (inputs), required when {@code NewX} refuses a nil field.
 */
final class GoSdkReader {
    private static final Pattern TOKEN = Pattern.compile("ctx\\.RegisterResource\\(\"([^\"]+)\"");
    private static final Pattern FIELD = Pattern.compile("(?m)^\\t(\\w+)\\s+\\S+\\s+`pulumi:\"(\\w+)\"`");
    private static final Pattern REQUIRED = Pattern.compile("if args\\.(\\w+) == nil \\{");

    private GoSdkReader() {}

    static SortedMap<String, ResourceShape> read(Path packageDir) {
        SortedMap<String, ResourceShape> out = new TreeMap<>();
        for (Path file : SdkSource.files(packageDir, ".go")) {
            String text = SdkLayout.read(file);
            String token = SdkSource.first(TOKEN, text);
            if (token == null || token.startsWith("pulumi:providers:")) continue;
            String name = SdkLayout.typeName(token);
            String lower = Character.toLowerCase(name.charAt(0)) + name.substring(1);
            String type = SdkSource.block(text, "type " + name + " struct {", "}");
            String args = SdkSource.block(text, "type " + lower + "Args struct {", "}");
            TreeSet<String> outputs = new TreeSet<>();
            FIELD.matcher(type).results().forEach(m -> outputs.add(m.group(2)));
            Map<String, String> wire = new HashMap<>();
            FIELD.matcher(args).results().forEach(m -> wire.put(m.group(1), m.group(2)));
            Set<String> required = new HashSet<>();
            REQUIRED.matcher(text).results().forEach(m -> required.add(wire.getOrDefault(m.group(1), "?" + m.group(1))));
            TreeMap<String, Boolean> inputs = new TreeMap<>();
            wire.values().forEach(w -> inputs.put(w, required.contains(w)));
            required.stream().filter(r -> !inputs.containsKey(r)).forEach(r -> inputs.put(r, true));
            out.put(token, new ResourceShape(token, inputs, outputs));
        }
        return out;
    }
}
