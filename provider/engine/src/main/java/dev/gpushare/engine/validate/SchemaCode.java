package dev.gpushare.engine.validate;

import dev.gpushare.model.problem.ProblemCode;

/**
 * The problem codes of the JSON Schema check ({@link SchemaValidator}), with cause and fix (the
 * documentation is generated from these).
 */
public enum SchemaCode implements ProblemCode {
    SCHEMA_REQUIRED,
    UNKNOWN_PROPERTY,
    SCHEMA_TYPE,
    SCHEMA_ENUM,
    SCHEMA_RANGE,
    SCHEMA_PATTERN,
    SCHEMA_CONST,
    SCHEMA_ONE_OF,
    SCHEMA_INVALID;
}
