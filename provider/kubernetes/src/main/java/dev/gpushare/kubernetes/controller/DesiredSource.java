package dev.gpushare.kubernetes.controller;

import java.util.Optional;
import java.util.Set;

/** Where the controller reads what each cluster should be: spec files ({@link FileSpecs}) or custom resources ({@link ResourceSpecs}). */
public interface DesiredSource extends AutoCloseable {
    /** The clusters it declares now. */
    Set<String> clusters();

    /** The cluster's desired state as of now; empty when the source no longer declares it. */
    Optional<Desired> of(String cluster);

    /** Starts following changes; {@code changed} gets the cluster whose declaration changed. */
    void start(java.util.function.Consumer<String> changed);

    @Override
    void close();
}
