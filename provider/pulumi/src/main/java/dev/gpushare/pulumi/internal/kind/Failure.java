package dev.gpushare.pulumi.internal.kind;

/** A Check failure on {@code property} (a Pulumi property path such as {@code containers[0].gpu}; empty for the resource). */
public record Failure(String property, String reason) {}
