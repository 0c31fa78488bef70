package io.sluice.testing;

/** One place test databases may come from. */
interface DatabaseFinder {

    /** A database of this kind, or an exception whose message says why there is none here. */
    TestDatabase find(TestDatabase.Kind kind) throws Exception;
}
