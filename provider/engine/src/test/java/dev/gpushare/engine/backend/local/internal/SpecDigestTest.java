package dev.gpushare.engine.backend.local.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.plan.Planner;
import dev.gpushare.engine.plan.Specs;
import dev.gpushare.model.Spec;
import org.junit.jupiter.api.Test;

/** The stored spec's digest: equal for equal specs, different for specs whose record text is alike. */
public class SpecDigestTest {
    /** One service running {@code command} (a YAML flow list). */
    public static Spec withCommand(String command) {
        return Specs.yaml("""
                apiVersion: gpushare.dev/v1
                cluster: scale
                capacityProviders:
                  - name: l4
                    instanceType: g6.12xlarge
                    maxInstances: 10
                taskDefinitions:
                  - family: embedder
                    containers:
                      - name: model
                        image: ghcr.io/acme/embedder:1.4
                        command: %s
                        gpu: {nvidiaMps: {memory: 4096, maxComputePercent: 25}}
                services:
                  - name: embedder
                    taskDefinition: embedder
                    capacityProvider: l4
                    desiredCount: 6
                """.formatted(command));
    }

    @Test
    void equalSpecsHaveOneDigestAndAChangeChangesIt() {
        assertThat(SpecDigest.of(Specs.mpsService(6, 4096))).hasValueSatisfying(d -> assertThat(d).startsWith(SpecDigest.ENCODING).hasSize(4 + 64)).isEqualTo(SpecDigest.of(Specs.mpsService(6, 4096)));
        assertThat(SpecDigest.of(Specs.mpsService(6, 4096))).isNotEqualTo(SpecDigest.of(Specs.mpsService(8, 4096)));
        assertThat(SpecDigest.of(Specs.mpsService(6, 4096))).isNotEqualTo(SpecDigest.of(Specs.mpsService(6, 4096, 11)));
    }

    /** ["serve, --fast"] and ["serve", "--fast"] both print "[serve, --fast]": the plan's specHash cannot tell them apart, the digest does. */
    @Test
    void specsThatPrintAlikeHaveDifferentDigests() {
        Spec one = withCommand("[\"serve, --fast\"]");
        Spec two = withCommand("[serve, --fast]");
        assertThat(one).isNotEqualTo(two);
        assertThat(Planner.specHash(one)).as("the record text is alike").isEqualTo(Planner.specHash(two));
        assertThat(SpecDigest.of(one)).isPresent().isNotEqualTo(SpecDigest.of(two));
    }
}
