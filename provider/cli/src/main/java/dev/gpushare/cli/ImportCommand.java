package dev.gpushare.cli;

import dev.gpushare.engine.interop.FragmentWriter;
import dev.gpushare.engine.interop.ImportResult;
import dev.gpushare.engine.interop.SourceFile;
import dev.gpushare.engine.interop.ecs.EcsTaskDefinitionImporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code gpushare import ecs-task-definition|sagemaker FILE...}: translates the cloud's own files
 * into a gpushare spec fragment (YAML, or JSON with {@code --format json}).
 */
@Command(name = "import",
        description = "Translate Amazon ECS task definitions or SageMaker requests into a gpushare spec fragment.",
        subcommands = {ImportCommand.Ecs.class, ImportCommand.SageMaker.class},
        footer = {
                "  gpushare import ecs-task-definition taskdef.json > tasks.yaml",
                "  gpushare import sagemaker endpoint-config.json inference-component.json --cluster demo"})
final class ImportCommand extends CommandGroup {
    /** The options both formats take, and the printing they share. */
    abstract static class Base extends GpushareCommand {
        @Option(names = "--cluster", paramLabel = "NAME",
                description = "Print a whole spec document (apiVersion, cluster) instead of a fragment.")
        String cluster;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSON files to read.")
        List<Path> files;

        abstract Function<List<SourceFile>, ImportResult> importer();

        @Override
        public Integer call() {
            List<Path> checked = SpecFiles.readable(files);
            List<SourceFile> sources = new ArrayList<>();
            for (Path f : checked) sources.add(new SourceFile(f.toString(), read(f)));
            ImportResult result = importer().apply(sources);
            if (!result.ok()) {
                Print.document(command.commandLine().getErr(), format.json()
                        ? ProblemReport.json(result.problems())
                        : ProblemReport.text(checked, result.problems()));
                return ExitCodes.INVALID;
            }
            JsonNode tree = cluster == null
                    ? FragmentWriter.toTree(result.fragment())
                    : FragmentWriter.toSpecTree(cluster, result.fragment());
            Print.document(command.commandLine().getOut(), format.json()
                    ? PrettyJson.of(tree)
                    : FragmentWriter.toYaml(tree));
            return ExitCodes.OK;
        }

        private static String read(Path f) {
            try {
                return Files.readString(f, StandardCharsets.UTF_8);
            } catch (java.nio.charset.MalformedInputException e) {
                throw UserError.usage(f + ": not UTF-8 text; save it as UTF-8 JSON");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Command(name = "ecs-task-definition",
            description = {
                    "Read ECS task definitions (RegisterTaskDefinition input, DescribeTaskDefinition output, "
                            + "or a JSON array of them) and print the equivalent gpushare taskDefinitions.",
                    "ECS's own GPU rules are checked; each problem names its path in the ECS file."},
            exitCodeList = {
                    "0:translated",
                    "1:a file breaks an ECS rule (problems printed on stderr)",
                    "2:usage error, or a file is missing or unreadable"})
    static final class Ecs extends Base {
        @Override
        Function<List<SourceFile>, ImportResult> importer() {
            return EcsTaskDefinitionImporter::read;
        }
    }

    @Command(name = "sagemaker",
            description = {
                    "Read SageMaker CreateEndpointConfig, CreateEndpoint and CreateInferenceComponent requests "
                            + "(one per file, or a JSON array) and print the equivalent gpushare endpoints and "
                            + "inferenceComponents.",
                    "SageMaker's partitioning rules are checked; each problem names its path in the request file."},
            exitCodeList = {
                    "0:translated",
                    "1:a request breaks a SageMaker rule (problems printed on stderr)",
                    "2:usage error, or a file is missing or unreadable"})
    static final class SageMaker extends Base {
        @Override
        Function<List<SourceFile>, ImportResult> importer() {
            return SageMakerImporter::read;
        }
    }
}
