package dev.gpushare.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.cli.CliResult;
import dev.gpushare.cli.Main;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code gpushare export cloudformation} on every example (each has ECS or SageMaker content): the
 * template is {@code <example>/cloudformation.yaml}, next to the spec, where users find it
 * ({@code -Dgolden.update=true} rewrites it). cfn-lint checks the same templates
 * (the engine's {@code TemplatesPassCfnLintTest}).
 */
class CloudFormationGoldenTest {

    @ParameterizedTest(name = "gpushare export cloudformation {0}")
    @MethodSource("dev.gpushare.examples.ExampleFolders#names")
    void templateMatchesTheExamplesFile(String example) {
        CliResult r = Main.capture("export", "cloudformation", ExampleFolders.spec(example).toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        Golden.checkFile(ExampleFolders.BASE.resolve(example).resolve("cloudformation.yaml"), r.out());
    }
}
