package io.sluice.runtime.codegen;

import io.sluice.api.data.Row;

/** What a generated non-equi join condition implements. */
public interface JoinCondition {

    /** True when the pair matches; SQL NULL counts as false. */
    boolean test(Row left, Row right);
}
