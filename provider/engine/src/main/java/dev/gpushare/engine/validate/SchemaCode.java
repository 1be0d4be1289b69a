package dev.gpushare.engine.validate;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of the JSON Schema check ({@link SchemaValidator}), with cause and fix (the
 * documentation is generated from these).
 */
public enum SchemaCode implements ProblemCode {
    @Doc(cause = "A required property is missing.",
            fix = "Add the property named in the message; the message says what it means.")
    SCHEMA_REQUIRED,
    @Doc(cause = "A property the spec format does not know, usually a typo or a property of another strategy.",
            fix = "Rename it to the suggested property, or remove it; the message lists what is allowed there.")
    UNKNOWN_PROPERTY,
    @Doc(cause = "A value of the wrong kind, e.g. text where a number belongs, or a single value where a list belongs.",
            fix = "Write the kind of value the message asks for.")
    SCHEMA_TYPE,
    @Doc(cause = "A value outside a closed set, e.g. placementStrategy: FAST, or an unknown gpuSharing strategy.",
            fix = "Use one of the values the message lists (they are case-sensitive).")
    SCHEMA_ENUM,
    @Doc(cause = "A number, list or text outside its allowed range, e.g. maxComputePercent: 120, or 8 MIG partitions.",
            fix = "Use a value within the bounds the message gives.")
    SCHEMA_RANGE,
    @Doc(cause = "A text of the wrong form, e.g. a cluster name with capitals, or a MIG profile such as 3g.",
            fix = "Write it in the form the message describes.")
    SCHEMA_PATTERN,
    @Doc(cause = "A value that can only be one thing, e.g. apiVersion.",
            fix = "Write the value the message gives.")
    SCHEMA_CONST,
    @Doc(cause = "A value that matches none of the forms allowed there, e.g. gpu: 0.3.",
            fix = "Use one of the forms the message lists.")
    SCHEMA_ONE_OF,
    @Doc(cause = "Any other violation of the JSON Schema.",
            fix = "Follow the message; the schema (gpushare schema) describes every property.")
    SCHEMA_INVALID;
}
