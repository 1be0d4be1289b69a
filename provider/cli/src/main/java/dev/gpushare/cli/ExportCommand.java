package dev.gpushare.cli;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.interop.ecs.EcsExporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code gpushare export ecs|sagemaker SPEC...}: the cloud requests for the parts of a valid spec
 * that map to them, as one JSON array on stdout or one file per request with {@code --out-dir}.
 */
@Command(name = "export",
        description = "Write the ECS or SageMaker requests for the parts of a spec that map to them.",
        subcommands = {ExportCommand.Ecs.class, ExportCommand.SageMaker.class},
        footerHeading = "%nExamples:%n",
        footer = {
                "  gpushare export ecs examples/mps-sharing/spec.yaml",
                "  gpushare export sagemaker examples/sagemaker-mig/spec.yaml --out-dir build/sagemaker"})
final class ExportCommand extends CommandGroup {
    /** The options, exit status and writing both formats share; the subclass names its exporter. */
    @Command(mixinStandardHelpOptions = true,
            versionProvider = VersionProvider.class,
            exitCodeListHeading = "%nExit status:%n",
            exitCodeList = {"0:written", "1:the spec has problems (printed on stderr)", "2:usage error"})
    abstract static class Base implements Callable<Integer> {
        private static final JsonMapper JSON = JsonMapper.builder().build();

        @Mixin
        FormatOption format;

        @Option(names = "--out-dir", paramLabel = "DIR",
                description = "Write one JSON file per request into DIR (created if missing) instead of one array on stdout.")
        Path outDir;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "Spec files (YAML or JSON), merged in the order given.")
        List<Path> files;

        @picocli.CommandLine.Spec
        CommandSpec command;

        abstract Function<Spec, ExportResult> exporter();

        @Override
        public Integer call() {
            PrintWriter err = command.commandLine().getErr();
            ResolvedSpec spec = SpecInput.read(files, format.json(), err);
            if (spec == null) return ExitCodes.INVALID;
            ExportResult result = exporter().apply(spec.spec());
            for (Problem note : result.notes()) err.println("gpushare: warning: " + ProblemReport.line(note));
            PrintWriter out = command.commandLine().getOut();
            if (outDir == null) {
                ArrayNode all = JsonNodeFactory.instance.arrayNode();
                result.documents().forEach(d -> all.add(d.body()));
                Print.document(out, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(all));
                return ExitCodes.OK;
            }
            if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
                throw UserError.usage("--out-dir " + outDir + " is a file, not a directory; name a directory (it is created"
                        + " when missing)");
            }
            try {
                Files.createDirectories(outDir);
            } catch (IOException e) {
                throw UserError.usage("cannot create --out-dir " + outDir + " (" + reason(e) + "); name a directory you may"
                        + " write, e.g. --out-dir exported");
            }
            for (ExportedDocument d : result.documents()) {
                Path target = outDir.resolve(d.fileName());
                try {
                    Files.writeString(target, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(d.body()) + "\n",
                            StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw UserError.usage("cannot write " + target + " (" + reason(e) + "); check the permissions of --out-dir "
                            + outDir);
                }
                out.println(target);
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** What an I/O failure means to a user: the JDK puts only the path in many of its messages. */
    static String reason(IOException e) {
        String kind = switch (e) {
            case java.nio.file.FileAlreadyExistsException x -> "a file is in the way";
            case java.nio.file.NoSuchFileException x -> "no such directory";
            case java.nio.file.AccessDeniedException x -> "permission denied";
            case java.nio.file.FileSystemException x when x.getReason() != null -> x.getReason();
            default -> e.getClass().getSimpleName();
        };
        return e.getMessage() == null ? kind : kind + ": " + e.getMessage();
    }

    @Command(name = "ecs",
            description = {
                    "What an ECS user deploys, in the order it is created: per capacity provider a "
                            + "CreateCapacityProvider (an Auto Scaling group provider with managed scaling), per task "
                            + "definition a RegisterTaskDefinition (MPS as sharingStrategy, GPU counts, fractions and ALL "
                            + "as value strings), per service a CreateService (desired count, capacity provider strategy). "
                            + "MIG and time-slicing do not map: what needs them is left out with a warning on stderr."})
    static final class Ecs extends Base {
        @Override
        Function<Spec, ExportResult> exporter() {
            return EcsExporter::export;
        }
    }

    @Command(name = "sagemaker",
            description = {
                    "Per endpoint a CreateEndpointConfig and a CreateEndpoint request, per inference component a "
                            + "CreateInferenceComponent request (mig- partition names, one device, "
                            + "MinMemoryRequiredInMb from hostMemoryMiB or 1024)."})
    static final class SageMaker extends Base {
        @Override
        Function<Spec, ExportResult> exporter() {
            return SageMakerExporter::export;
        }
    }
}
