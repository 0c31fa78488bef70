package io.sluice.planner.changelog;

/** How a node encodes its updates: not at all, +U only, or -U and +U. */
public enum UpdateKind { NONE, ONLY_UPDATE_AFTER, BEFORE_AND_AFTER }
