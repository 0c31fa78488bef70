package io.sluice.planner.changelog;

/** What kinds of change a node produces, before deciding how updates are encoded (seed 000 §2, step 1). */
public enum ModifyKind { INSERT, UPDATE, DELETE }
