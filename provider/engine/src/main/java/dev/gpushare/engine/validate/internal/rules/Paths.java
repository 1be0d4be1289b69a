package dev.gpushare.engine.validate.internal.rules;

/** JSON Pointers into the spec document (CONTRACT.md §1 property names). */
final class Paths {
    private Paths() {}

    static String provider(int i) {
        return "/capacityProviders/" + i;
    }

    static String task(int i) {
        return "/taskDefinitions/" + i;
    }

    static String container(int t, int c) {
        return task(t) + "/containers/" + c;
    }

    /** A container's {@code gpu} property (its value is the requirement, whatever its form). */
    static String gpu(int t, int c) {
        return container(t, c) + "/gpu";
    }

    static String service(int i) {
        return "/services/" + i;
    }

    static String endpoint(int i) {
        return "/endpoints/" + i;
    }

    static String component(int i) {
        return "/inferenceComponents/" + i;
    }

    static String price(int i) {
        return "/pricing/prices/" + i;
    }

    static String instanceType(int i) {
        return "/instanceTypes/" + i;
    }
}
