package dev.gpushare.model.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the type system rules out: each snippet is compiled with javac against the DSL, as user
 * code outside its package, and must fail with the diagnostic that names the mistake.
 */
class DslCompileTimeTest {
    /** Declarations every snippet may use; the snippet itself goes on {@link #SNIPPET_LINE}. */
    private static final String TEMPLATE = """
            package probe;
            import dev.gpushare.model.dsl.*;
            import static dev.gpushare.model.dsl.Units.*;
            class Probe {
                void probe() {
                    ClusterBuilder c = GpuShare.cluster("probe");
                    CapacityProviderRef cp = c.capacityProvider("l4-shared", "g6.12xlarge", 8);
                    TaskDefinitionRef td = c.taskDefinition("embedder", GpuShare.container("m", "img"));
                    EndpointRef ep = c.endpoint("partition-demo", "ml.p4d.24xlarge", 1);
                    %s
                }
            }
            """;
    private static final long SNIPPET_LINE = 10;

    @TempDir
    Path classOutput;

    @Test
    void theHarnessCompilesCorrectCode() {
        // Without this the failures below could come from a broken harness, not from the DSL.
        List<Diagnostic<? extends JavaFileObject>> errors = compile("""
                c.service("embedder", td, cp, 12);
                c.taskDefinition("t", x -> x.memory(gib(2)).cpu(vcpu(1)), GpuShare.container("m", "i", Gpu.mps(mib(4096), percent(25))));
                c.inferenceComponent("ic", ep, "gpt2", 1, ic -> ic.partitionType("mig-4g.20gb").hostMemory(mib(1024)));
                Gpu f = Gpu.fraction(Fraction.QUARTER);
                Sharing s = Sharing.mps().maxClientsPerGpu(8);
                String names = td.name() + cp.name() + ep.name();
                """);

        assertThat(errors).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # snippet                                                  | javac's code         | javac says (fragment)
            Gpu.mps(percent(25));                                      | prob.found.req       | Percent cannot be converted to Mib
            Gpu.mps(percent(25), mib(4096));                           | prob.found.req       | Percent cannot be converted to Mib
            Gpu.mps(4096);                                             | prob.found.req       | int cannot be converted to Mib
            Gpu.fraction(0.3);                                         | prob.found.req       | double cannot be converted to Fraction
            Gpu.fraction(Fraction.valueOf(0.3));                       | cant.apply.symbols   | double cannot be converted to String
            c.service("embedder", "embedder", cp, 12);                 | prob.found.req       | String cannot be converted to TaskDefinitionRef
            c.service("embedder", td, "l4-shared", 12);                | prob.found.req       | String cannot be converted to CapacityProviderRef
            c.service("embedder", cp, 12);                             | cant.apply.symbols   | no suitable method found for service(String,CapacityProviderRef,int)
            c.inferenceComponent("ic", "partition-demo", "gpt2", 1);   | prob.found.req       | String cannot be converted to EndpointRef
            c.taskDefinition("no-containers");                         | cant.apply.symbols   | no suitable method found for taskDefinition(String)
            c.taskDefinition("t", x -> x.memory(percent(50)), GpuShare.container("m", "i")); | prob.found.req | Percent cannot be converted to Mib
            c.taskDefinition("t", x -> x.cpu(mib(1024)), GpuShare.container("m", "i"));     | prob.found.req | Mib cannot be converted to CpuUnits
            Sharing.exclusive().maxClientsPerGpu(8);                   | cant.resolve.location.args | cannot find symbol
            Sharing.timeSlicing(4).maxClientsPerGpu(8);                | cant.resolve.location.args | cannot find symbol
            new TaskDefinitionRef(c, "embedder");                      | not.def.public.cant.access | is not public in TaskDefinitionRef; cannot be accessed from outside package
            GpuShare.container("m", "i", new dev.gpushare.model.GpuRequirement.Whole(1)); | prob.found.req | Whole cannot be converted to Gpu
            """)
    void mistakesDoNotCompile(String snippet, String expectedCode, String expectedMessage) {
        List<Diagnostic<? extends JavaFileObject>> errors = compile(snippet);

        assertThat(errors).as("javac errors for: %s", snippet).isNotEmpty();
        assertThat(errors).allSatisfy(e -> assertThat(e.getLineNumber()).isEqualTo(SNIPPET_LINE));
        assertThat(errors).anySatisfy(e -> {
            assertThat(e.getCode()).isEqualTo("compiler.err." + expectedCode);
            assertThat(simpleNames(e.getMessage(Locale.ENGLISH))).contains(expectedMessage);
        });
    }

    /** The message as javac prints it on the console: {@code java.lang.String} becomes {@code String}. */
    private static String simpleNames(String message) {
        return message.replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+(?=[A-Z])", "");
    }

    /** The errors javac reports for {@link #TEMPLATE} with {@code snippet} in it. */
    private List<Diagnostic<? extends JavaFileObject>> compile(String snippet) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ENGLISH,
                StandardCharsets.UTF_8)) {
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classOutput));
            // the DSL and the model records are in the same output folder (or jar)
            Path dslClasses = Path.of(Gpu.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, List.of(dslClasses));
            JavaFileObject source = new SimpleJavaFileObject(
                    URI.create("string:///probe/Probe.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return TEMPLATE.formatted(snippet);
                }
            };
            javac.getTask(null, files, diagnostics, List.of("--release", "21", "-proc:none"), null, List.of(source))
                    .call();
        } catch (Exception e) {
            throw new IllegalStateException("could not run javac", e);
        }
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .toList();
    }
}
