package dev.gpushare.engine.interop;

import dev.gpushare.model.Spec;
import dev.gpushare.model.io.DocumentMappers;
import dev.gpushare.model.io.SpecWriter;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a {@link Fragment} in the spec document form of CONTRACT.md §1, with the spec's key
 * order, so that it can be pasted into a spec file (or, with a cluster, used as one): the
 * fragment's sections are written by {@link SpecWriter}, as in any spec.
 */
public final class FragmentWriter {
    private FragmentWriter() {}

    /** The sections only: {@code taskDefinitions}, {@code endpoints}, {@code inferenceComponents}, each when non-empty. */
    public static ObjectNode toTree(Fragment fragment) {
        ObjectNode root = toSpecTree("", fragment);
        root.remove("apiVersion");
        root.remove("cluster");
        return root;
    }

    /** A whole spec document: {@code apiVersion} and {@code cluster} first, then the sections. */
    public static ObjectNode toSpecTree(String cluster, Fragment fragment) {
        return SpecWriter.toTree(new Spec(Spec.API_VERSION, cluster, List.of(), fragment.taskDefinitions(), List.of(),
                fragment.endpoints(), fragment.inferenceComponents(), List.of()));
    }

    public static String toYaml(JsonNode tree) {
        return DocumentMappers.YAML.writeValueAsString(tree);
    }
}
