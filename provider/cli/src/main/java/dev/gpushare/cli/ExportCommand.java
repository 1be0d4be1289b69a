package dev.gpushare.cli;

import dev.gpushare.engine.interop.ExportResult;
import dev.gpushare.engine.interop.ExportedDocument;
import dev.gpushare.engine.Pipeline;
import dev.gpushare.engine.interop.cloudformation.CloudFormationExporter;
import dev.gpushare.engine.interop.cloudformation.EcsCapacity;
import dev.gpushare.engine.interop.cloudformation.TemplateWriter;
import dev.gpushare.engine.interop.ecs.EcsExporter;
import dev.gpushare.engine.interop.sagemaker.SageMakerExporter;
import dev.gpushare.engine.resolve.ResolvedSpec;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.problem.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code gpushare export ecs|sagemaker SPEC...}: the cloud requests for the parts of a valid spec
 * that map to them, as one JSON array on stdout or one file per request with {@code --out-dir};
 * {@code gpushare export cloudformation SPEC...}: one CloudFormation template of the placed spec.
 */
@Command(name = "export",
        description = "Write the ECS or SageMaker requests, or one CloudFormation template, for the parts of a spec that map to them.",
        subcommands = {ExportCommand.Ecs.class, ExportCommand.SageMaker.class, ExportCommand.CloudFormation.class},
        footer = {
                "  gpushare export ecs examples/mps-sharing/spec.yaml",
                "  gpushare export sagemaker examples/sagemaker-mig/spec.yaml --out-dir build/sagemaker",
                "  gpushare export cloudformation examples/mps-sharing/spec.yaml --out t.yaml"})
final class ExportCommand extends CommandGroup {
    /** The options, exit status and writing both formats share; the subclass names its exporter. */
    @Command(mixinStandardHelpOptions = true,
            versionProvider = VersionProvider.class,
            exitCodeList = {"0:written", "1:the spec has problems (printed on stderr)", "2:usage error"})
    abstract static class Base extends GpushareCommand {
        @Option(names = "--out-dir", paramLabel = "DIR",
                description = "Write one JSON file per request into DIR (created if missing) instead of one array on stdout.")
        Path outDir;

        @Mixin SpecFilesParameter specFiles;

        abstract Function<Spec, ExportResult> exporter();

        @Override
        public Integer call() {
            PrintWriter err = command.commandLine().getErr();
            ResolvedSpec spec = specFiles.read(format.json(), err);
            if (spec == null) return ExitCodes.INVALID;
            ExportResult result = exporter().apply(spec.spec());
            for (Problem note : result.notes()) err.println("gpushare: warning: " + ProblemReport.line(note));
            PrintWriter out = command.commandLine().getOut();
            if (outDir == null) {
                ArrayNode all = JsonNodeFactory.instance.arrayNode();
                result.documents().forEach(d -> all.add(d.body()));
                Print.document(out, PrettyJson.of(all));
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
                    Files.writeString(target, PrettyJson.of(d.body()) + "\n",
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

    @Command(name = "cloudformation",
            mixinStandardHelpOptions = true,
            versionProvider = VersionProvider.class,
            description = {
                    "Validate and place the spec (as 'gpushare place' does), then write one CloudFormation template: the ECS "
                            + "cluster; per capacity provider its ECS capacity provider (ec2: a launch template and an Auto "
                            + "Scaling group whose desired capacity is the instance count of gpushare's placement and whose "
                            + "maximum is maxInstances, under an AutoScalingGroupProvider with managed scaling; "
                            + "managed-instances: a ManagedInstancesProvider pinned to the instance type, with auto repair); "
                            + "per task definition an AWS::ECS::TaskDefinition (SharingStrategy.NvidiaMps, or Value \"2\", "
                            + "\"ALL\", \"0.25\"); per service an AWS::ECS::Service on its capacity provider; per endpoint, "
                            + "model and inference component its SageMaker resource.",
                    "What the template cannot know (subnets, security groups, roles, registry credentials, images and "
                            + "model data) are Parameters. Outputs: per capacity provider and endpoint the instance count "
                            + "and $/hour of the plan.",
                    "What CloudFormation cannot express (a MIG partition or time-slicing on ECS; a partition layout or "
                            + "partition type on SageMaker, which CloudFormation's resource schemas lack) is left out with a "
                            + "warning on stderr naming the resource and field and what to do instead; the same notes are "
                            + "in the template's Metadata. See docs/cloudformation.md."},
            footer = {
                    "  gpushare export cloudformation examples/mps-sharing/spec.yaml --out t.yaml",
                    "  aws cloudformation deploy --template-file t.yaml --stack-name embeddings \\",
                    "      --parameter-overrides Subnets=subnet-1,subnet-2 SecurityGroups=sg-1 \\",
                    "      EcsInstanceProfileArn=arn:aws:iam::123456789012:instance-profile/ecs",
                    "  gpushare export cloudformation spec.yaml --ecs-capacity managed-instances",
                    "  gpushare export cloudformation spec.yaml --format json --out t.json"},
            exitCodeList = {
                    "0:written",
                    "1:the spec has problems (printed on stderr)",
                    "2:usage error, unreadable file, or --out cannot be written",
                    "3:written, but something could not be placed (the desired sizes cover only what was placed)"})
    static final class CloudFormation implements Callable<Integer> {
        @Option(names = "--format", paramLabel = "yaml|json", defaultValue = "yaml",
                description = "Template format: yaml (default) or json. Problems of an invalid spec are printed as JSON with json.")
        String templateFormat;

        @Option(names = "--out", paramLabel = "FILE",
                description = "Write the template to FILE (its folder is created if missing) instead of stdout.")
        Path out;

        @Option(names = "--ecs-capacity", paramLabel = "ec2|managed-instances", defaultValue = "ec2",
                description = "What runs the ECS capacity providers: ec2 (default: an Auto Scaling group sized by the placement) "
                        + "or managed-instances (ECS Managed Instances with auto repair; ECS sizes it).")
        String ecsCapacity;

        @Mixin SpecFilesParameter specFiles;

        @picocli.CommandLine.Spec
        CommandSpec command;

        @Override
        public Integer call() {
            boolean json = switch (templateFormat.toLowerCase(java.util.Locale.ROOT)) {
                case "yaml" -> false;
                case "json" -> true;
                default -> throw UserError.usage("--format " + templateFormat + ": use yaml or json");
            };
            EcsCapacity capacity = EcsCapacity.parse(ecsCapacity).orElseThrow(() ->
                    UserError.usage("--ecs-capacity " + ecsCapacity + ": use ec2 or managed-instances"));
            PrintWriter err = command.commandLine().getErr();
            ResolvedSpec spec = specFiles.read(json, err);
            if (spec == null) return ExitCodes.INVALID;
            FleetState placed = Pipeline.place(spec);
            CloudFormationExporter.Export export = CloudFormationExporter.export(spec, placed, capacity);
            for (Problem note : export.notes()) err.println("gpushare: warning: " + ProblemReport.line(note));
            String text = json ? TemplateWriter.json(export.template()) : TemplateWriter.yaml(export.template());
            if (out == null) {
                Print.document(command.commandLine().getOut(), text);
            } else {
                if (Files.isDirectory(out)) {
                    throw UserError.usage("--out " + out + " is a directory; name the template file, e.g. --out " + out.resolve("template.yaml"));
                }
                try {
                    OutputFile.write(out, text);
                } catch (IOException e) {
                    throw UserError.usage("cannot write --out " + out + " (" + reason(e) + "); name a file you may write");
                }
                command.commandLine().getOut().println(out);
                command.commandLine().getOut().flush();
            }
            if (!placed.unplaced().isEmpty()) {
                err.println("gpushare: " + placed.unplaced().size() + " copies could not be placed; the template's desired sizes"
                        + " cover only what was placed (gpushare place " + specFiles.asArguments()
                        + " says why)");
                err.flush();
                return ExitCodes.UNPLACED;
            }
            err.flush();
            return ExitCodes.OK;
        }
    }
}
