package dev.gpushare.pulumi.internal.kind;

import static dev.gpushare.pulumi.internal.kind.SchemaNodes.arrayOf;

import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The copy outputs of services and inference components: where each copy runs, and the copies that did not fit. */
final class CopyOutputs {
    static final String COPIES = "copies";
    static final String UNPLACED = "unplaced";

    private CopyOutputs() {}

    /** The two properties, in schema order; {@code copies} describes the kind's copies. */
    static List<OutputProperty> properties(String copies) {
        return List.of(
                new OutputProperty(COPIES, arrayOf("CopyPlacement", copies), true, Set.of()),
                new OutputProperty(UNPLACED, arrayOf("UnplacedCopy",
                        "Copies that could not be placed (empty when the capacity suffices)."), true, Set.of()));
    }

    /** Their values for service or component {@code name}. */
    static ObjectNode values(String name, ClusterView view) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.set(COPIES, Placements.copies(view.state(), name));
        out.set(UNPLACED, Placements.unplaced(view.state(), name));
        return out;
    }
}
