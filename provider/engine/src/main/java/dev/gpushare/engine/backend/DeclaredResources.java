package dev.gpushare.engine.backend;

import java.util.SortedMap;

/**
 * The declared pieces of a cluster's spec, for front doors that declare one resource at a time
 * (the Pulumi provider): each resource's spec fragment is kept under a key such as
 * {@code services/embedder}, and the cluster's spec is the merge of all of them. A backend offers
 * this through {@link Backend#declaredResources()}.
 */
public interface DeclaredResources {

    /**
     * Every declared resource of the cluster.
     *
     * @return key ({@code <section>/<name>}, e.g. {@code taskDefinitions/embedder}) → the
     *         resource's spec fragment as a JSON object text, ordered by key
     */
    SortedMap<String, String> declared(String cluster);

    /** Adds or replaces one resource's fragment (a JSON object text). */
    void declare(String cluster, String key, String json);

    /** Removes one resource; removing an absent key does nothing. */
    void undeclare(String cluster, String key);
}
