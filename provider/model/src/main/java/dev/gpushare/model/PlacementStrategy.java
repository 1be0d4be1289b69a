package dev.gpushare.model;

/** How the copies of a service are spread over instances. */
public enum PlacementStrategy {
    /** As few instances as possible (the default): instances are what users pay for. */
    BINPACK,
    /** The copies on as many different instances as the instance count allows. */
    SPREAD
}
