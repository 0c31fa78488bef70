package io.sluice.planner.changelog;

/** What kinds of change a node produces, before deciding how updates are encoded. */
public enum ModifyKind { INSERT, UPDATE, DELETE }
