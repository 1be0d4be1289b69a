package dev.gpushare.pulumi.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/pulumi-aws-typescript feeds gpushare's AWS-ready outputs to {@code @pulumi/aws}
 * resources; it type-checks against {@code @pulumi/aws}'s own declarations from npm (the version
 * pinned in scripts/sdk-tools), and wirings those declarations reject fail the check. No AWS
 * account is reachable, so nothing deploys it (docs/pulumi-aws.md).
 */
class AwsTypeScriptExampleCheckTest {
    private static final String EXAMPLE = "pulumi-aws-typescript";
    /** {@code index.ts(LINE,COLUMN): error TSnnnn: message} of {@code tsc --pretty false}. */
    private static final Pattern ERROR = Pattern.compile("(?m)^index\\.ts\\((\\d+),\\d+\\): error (TS\\d+): (.*)$");

    @TempDir
    static Path work;

    private static TypeScriptWorkspace ts;

    /**
     * A change to the example: {@code from} (which the example must contain once) becomes
     * {@code to}; tsc must report {@code code} on the line holding {@code at}, its message saying
     * {@code says}.
     */
    record Mutation(String from, String to, String at, String code, String says) {}

    private static final List<Mutation> WRONG_WIRINGS = List.of(
            // gpushare's input cpu (a number) where ECS takes task CPU units as a string: ecsCpu is the one
            new Mutation("    cpu: embedderTask.ecsCpu,", "    cpu: embedderTask.cpu,", "cpu: embedderTask.cpu,",
                    "TS2322", "'OutputInstance<number | undefined>' is not assignable to type 'Input<string | undefined>'"),
            // ecsContainerDefinitions is absent for a MIG container; containerDefinitions is required
            new Mutation("containerDefinitions: present(embedderTask.ecsContainerDefinitions, \"embedder's ecsContainerDefinitions\"),",
                    "containerDefinitions: embedderTask.ecsContainerDefinitions,", "containerDefinitions: embedderTask.ecsContainerDefinitions,",
                    "TS2322", "Type 'Output<string | undefined>' is not assignable to type 'Input<string>'"),
            // the desired capacity is a count: the pool's instances are not one
            new Mutation("    desiredCapacity: l4Placement.instanceCount,", "    desiredCapacity: l4Placement.instances,",
                    "desiredCapacity: l4Placement.instances,", "TS2322", "is not assignable to type 'Input<number | undefined>'"));

    /**
     * What the example says @pulumi/aws cannot take. When a newer pinned @pulumi/aws takes it, tsc
     * accepts the line and this check fails: wire it in the example and update docs/pulumi-aws.md.
     */
    private static final List<Mutation> NOT_IN_AWS_TYPES = List.of(
            new Mutation("        initialInstanceCount: mig.productionVariant.initialInstanceCount,\n",
                    "        initialInstanceCount: mig.productionVariant.initialInstanceCount,\n"
                            + "        acceleratorPartitionLayouts: mig.productionVariant.acceleratorPartitionLayouts,\n",
                    "acceleratorPartitionLayouts: mig.productionVariant", "TS2353",
                    "'acceleratorPartitionLayouts' does not exist in type 'Input<EndpointConfigurationProductionVariant>'"),
            new Mutation("export const l4InstanceCount = l4Placement.instanceCount;\n",
                    "export const l4InstanceCount = l4Placement.instanceCount;\n"
                            + "new sagemaker.InferenceComponent(\"gpt2\", { endpointName: mig.name, specification: gpt2.specification,"
                            + " runtimeConfig: gpt2.runtimeConfig });\n",
                    "new sagemaker.InferenceComponent(", "TS2339", "Property 'InferenceComponent' does not exist"));

    @BeforeAll
    static void buildTheSdk() {
        ts = TypeScriptWorkspace.build(work);
        SdkTools.require(Files.exists(ts.tools().resolve("@pulumi/aws/sagemaker/endpointConfiguration.d.ts")),
                "@pulumi/aws is not in " + ts.tools() + "; run scripts/prepare-sdk-tools");
    }

    @AfterAll
    static void unlinkTheTools() {
        if (ts != null) ts.unlinkTools();
    }

    @Test
    void theExampleTypeChecksAgainstAwsTypes() {
        SdkTools.Result r = ts.typeCheck(ts.copyExample(EXAMPLE));
        assertThat(r.exitCode()).as(r.output()).isZero();
    }

    /**
     * All mutations in one program (tsc reports every error; a run reads @pulumi/aws's types,
     * about 15 s of CPU): each must be reported where it is, and nothing else.
     */
    @Test
    void wiringsAwsTypesRejectFailTheCheck() throws IOException {
        Path example = ts.copyExample(EXAMPLE);
        Path index = example.resolve("index.ts");
        String program = Files.readString(index);
        List<Mutation> all = new ArrayList<>(WRONG_WIRINGS);
        all.addAll(NOT_IN_AWS_TYPES);
        for (Mutation m : all) {
            assertThat(program.split(Pattern.quote(m.from()), -1)).as("the example holds once: %s", m.from()).hasSize(2);
            program = program.replace(m.from(), m.to());
        }
        Files.writeString(index, program);
        List<String> lines = List.of(program.split("\n", -1));

        SdkTools.Result r = ts.typeCheck(example);
        assertThat(r.exitCode()).as(r.output()).isNotZero();
        List<String> reported = new ArrayList<>();
        Matcher e = ERROR.matcher(r.output());
        while (e.find()) reported.add(e.group(1) + " " + e.group(2) + " " + e.group(3));
        assertThat(reported).as(r.output()).hasSize(all.size());
        for (Mutation m : all) {
            int line = lineOf(lines, m.at());
            boolean gap = NOT_IN_AWS_TYPES.contains(m);
            assertThat(reported)
                    .as(gap ? "@pulumi/aws now takes `%s`: wire it in examples/%s and update docs/pulumi-aws.md\n%s"
                            : "tsc must reject `%s` (examples/%s)\n%s", m.at(), EXAMPLE, r.output())
                    .anySatisfy(rep -> assertThat(rep).startsWith(line + " " + m.code() + " ").contains(m.says()));
        }
    }

    /** 1-based line of the one line holding {@code text}. */
    private static int lineOf(List<String> lines, String text) {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) at.add(i + 1);
        assertThat(at).as("lines holding %s", text).hasSize(1);
        return at.getFirst();
    }
}
