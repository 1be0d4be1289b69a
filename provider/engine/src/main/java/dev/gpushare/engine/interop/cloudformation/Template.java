package dev.gpushare.engine.interop.cloudformation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A CloudFormation template as values: its sections in the order CloudFormation documents them,
 * each entry keyed by its logical id, in the order written. {@link TemplateWriter} turns it into
 * YAML or JSON; nothing here knows either.
 *
 * @param description the template's Description
 * @param metadata    the template's Metadata (what did not map, under {@code gpushare}); may be empty
 * @param parameters  what the template cannot know (VPC, roles, images' credentials, model data)
 * @param conditions  conditions on optional parameters ({@code Fn::Not}/{@code Fn::Equals} trees)
 * @param resources   the resources
 * @param outputs     per pool the instance count and $/hour of gpushare's plan
 */
public record Template(String description, Map<String, JsonNode> metadata, Map<String, Parameter> parameters,
                       Map<String, JsonNode> conditions, Map<String, Resource> resources, Map<String, Output> outputs) {
    public Template {
        metadata = copy(metadata);
        parameters = copy(parameters);
        conditions = copy(conditions);
        resources = copy(resources);
        outputs = copy(outputs);
    }

    private static <V> Map<String, V> copy(Map<String, V> m) {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /**
     * A template parameter.
     *
     * @param type         a CloudFormation parameter type ({@code String}, {@code List<AWS::EC2::Subnet::Id>}, ...)
     * @param description  what to give and where it comes from
     * @param defaultValue the default, or {@code null} when the parameter is required
     */
    public record Parameter(String type, String description, String defaultValue) {
        public static Parameter required(String type, String description) {
            return new Parameter(type, description, null);
        }

        public static Parameter optional(String type, String description, String defaultValue) {
            return new Parameter(type, description, defaultValue);
        }
    }

    /**
     * A resource.
     *
     * @param type       the resource type ({@code AWS::ECS::TaskDefinition})
     * @param dependsOn  logical ids it waits for beyond its references
     * @param properties its Properties, named as the resource schema names them
     */
    public record Resource(String type, List<String> dependsOn, JsonNode properties) {
        public Resource {
            dependsOn = List.copyOf(dependsOn);
        }
    }

    /**
     * An output.
     *
     * @param description what the figure is and where it comes from
     * @param value       the value (a string, or an intrinsic function tree)
     */
    public record Output(String description, JsonNode value) {}
}
