package dev.gpushare.pulumi;

import dev.gpushare.pulumi.EngineDriver.Res;
import java.util.ArrayList;
import java.util.List;

/** The program in its versions (the same program as examples/pulumi-yaml). */
final class Demo {
    static final String CLUSTER = "demo";

    static Res capacityProvider() {
        return new Res("CapacityProvider", "l4", """
                {"cluster":"demo","name":"l4","instanceType":"g6.12xlarge","maxInstances":4,"gpuSharing":{"strategy":"MPS"}}""");
    }

    static Res taskDefinition() {
        return new Res("TaskDefinition", "embedderTask", """
                {"cluster":"demo","family":"embedder","cpu":1024,"memory":2048,"containers":[{"name":"model",
                 "image":"ghcr.io/acme/embedder:1.4","gpu":{"nvidiaMps":{"memory":4096,"maxComputePercent":25}}}]}""");
    }

    static Res service(int desiredCount) {
        return new Res("Service", "embedder", """
                {"cluster":"demo","name":"embedder","taskDefinition":"embedder","capacityProvider":"l4","desiredCount":%d}"""
                .formatted(desiredCount));
    }

    static Res endpoint(String... layout) {
        return new Res("Endpoint", "mig", """
                {"cluster":"demo","name":"mig","instanceType":"ml.p4d.24xlarge","instanceCount":1,"partitionLayout":[%s]}"""
                .formatted(String.join(",", java.util.Arrays.stream(layout).map(p -> "\"" + p + "\"").toList())));
    }

    static Res component(String name, String model, String partitionType, int copies) {
        return new Res("InferenceComponent", name, """
                {"cluster":"demo","name":"%s","endpoint":"mig","model":"%s","partitionType":"%s","copyCount":%d}"""
                .formatted(name, model, partitionType, copies));
    }

    /** v1: a pool with 4 MPS copies of the embedder, and an endpoint with one model. */
    static List<Res> v1() {
        return List.of(capacityProvider(), taskDefinition(), service(4),
                endpoint("mig-3g.20gb", "mig-4g.20gb"), component("gpt2", "gpt2", "mig-4g.20gb", 1));
    }

    /** v2: the service scaled to 8 and a second model added (both in place / new). */
    static List<Res> v2() {
        List<Res> p = new ArrayList<>(List.of(capacityProvider(), taskDefinition(), service(8),
                endpoint("mig-3g.20gb", "mig-4g.20gb"), component("gpt2", "gpt2", "mig-4g.20gb", 1)));
        p.add(component("llama", "llama-3-8b", "mig-3g.20gb", 1));
        return p;
    }

    /** v3: the endpoint's layout reordered (a replacement). */
    static List<Res> v3() {
        return List.of(capacityProvider(), taskDefinition(), service(8),
                endpoint("mig-4g.20gb", "mig-3g.20gb"), component("gpt2", "gpt2", "mig-4g.20gb", 1),
                component("llama", "llama-3-8b", "mig-3g.20gb", 1));
    }

    /** v3 with an invalid service: desiredCount -1. */
    static List<Res> invalid() {
        List<Res> p = new ArrayList<>(v3());
        p.set(2, service(-1));
        return p;
    }

    private Demo() {}
}
