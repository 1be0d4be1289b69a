package dev.gpushare.pulumi.sdk;

import java.util.SortedMap;
import java.util.SortedSet;

/**
 * What a resource looks like to a program: its type token, its inputs (name → required) and its
 * output properties, by their wire names (the package schema's, e.g. {@code desiredCount}).
 */
record ResourceShape(String token, SortedMap<String, Boolean> inputs, SortedSet<String> outputs) {}
