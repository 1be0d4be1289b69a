package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every relative link in README.md, docs/ and the example READMEs points at a file that exists. */
class DocLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\n]+`");

    @Test
    void relativeLinksResolve() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("../README.md")));
        try (Stream<Path> docs = Files.list(Path.of("../docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        for (String example : ExampleFolders.names()) pages.add(Path.of(example, "README.md"));
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            // code spans are not links: a regex such as `^[a-z]([a-z-]{0,61})?$` would look like one
            Matcher m = LINK.matcher(CODE_SPAN.matcher(Files.readString(page)).replaceAll(""));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) continue;
                if (!Files.exists(page.getParent() == null ? Path.of(target) : page.getParent().resolve(target))) {
                    broken.add(page + " -> " + target);
                }
            }
        }
        assertThat(broken).as("broken relative links").isEmpty();
    }
}
