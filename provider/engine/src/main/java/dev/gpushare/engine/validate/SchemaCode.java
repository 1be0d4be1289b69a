package dev.gpushare.engine.validate;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of the JSON Schema check ({@link SchemaValidator}), with cause and fix (the
 * documentation is generated from these).
 */
public enum SchemaCode implements ProblemCode {
    SCHEMA_REQUIRED(
            "A required property is missing.",
            "Add the property named in the message; the message says what it means."),
    UNKNOWN_PROPERTY(
            "A property the spec format does not know, usually a typo or a property of another strategy.",
            "Rename it to the suggested property, or remove it; the message lists what is allowed there."),
    SCHEMA_TYPE(
            "A value of the wrong kind, e.g. text where a number belongs, or a single value where a list belongs.",
            "Write the kind of value the message asks for."),
    SCHEMA_ENUM(
            "A value outside a closed set, e.g. placementStrategy: FAST, or an unknown gpuSharing strategy.",
            "Use one of the values the message lists (they are case-sensitive)."),
    SCHEMA_RANGE(
            "A number, list or text outside its allowed range, e.g. maxComputePercent: 120, or 8 MIG partitions.",
            "Use a value within the bounds the message gives."),
    SCHEMA_PATTERN(
            "A text of the wrong form, e.g. a cluster name with capitals, or a MIG profile such as 3g.",
            "Write it in the form the message describes."),
    SCHEMA_CONST(
            "A value that can only be one thing, e.g. apiVersion.",
            "Write the value the message gives."),
    SCHEMA_ONE_OF(
            "A value that matches none of the forms allowed there, e.g. gpu: 0.3.",
            "Use one of the forms the message lists."),
    SCHEMA_INVALID(
            "Any other violation of the JSON Schema.",
            "Follow the message; the schema (gpushare schema) describes every property.");

    private final Doc doc;

    SchemaCode(String cause, String fix) {
        this.doc = new Doc(cause, fix);
    }

    @Override public Doc doc() { return doc; }
}
