package io.sluice.it;

import java.util.Random;

/** How one differential case runs: parallelism, mini-batch, aggregation phases and the sink's flush size. */
record DifferentialSettings(int parallelism, int miniBatchSize, String aggPhase, int maxRows) {
    private static final String[] PHASES = {"AUTO", "ONE_PHASE", "TWO_PHASE"};

    static DifferentialSettings random(Random random) {
        int maxRows = switch (random.nextInt(3)) {
            case 0 -> 1;
            case 1 -> 2 + random.nextInt(20);
            default -> 100 + random.nextInt(901);
        };
        int miniBatch = random.nextBoolean() ? 0 : 1 + random.nextInt(50);
        return new DifferentialSettings(1 + random.nextInt(2), miniBatch, PHASES[random.nextInt(PHASES.length)],
                maxRows);
    }

    /** The plainest settings, tried first when shrinking a failing case. */
    static DifferentialSettings plain() {
        return new DifferentialSettings(1, 0, "AUTO", 1000);
    }

    String statements() {
        StringBuilder sql = new StringBuilder("SET 'parallelism.default' = '" + parallelism + "';\n");
        sql.append("SET 'table.optimizer.agg-phase-strategy' = '").append(aggPhase).append("';\n");
        if (miniBatchSize > 0) {
            sql.append("SET 'table.exec.mini-batch.enabled' = 'true';\n")
                    .append("SET 'table.exec.mini-batch.allow-latency' = '1s';\n")
                    .append("SET 'table.exec.mini-batch.size' = '").append(miniBatchSize).append("';\n");
        }
        return sql.toString();
    }

    /** Flushes by row count only: the timer is off, so that a case runs the same however fast the machine is. */
    String[] sinkOptions() {
        return new String[] {"'sink.buffer-flush.max-rows' = '" + maxRows + "'", "'sink.buffer-flush.interval' = '0'"};
    }

    @Override
    public String toString() {
        return "parallelism " + parallelism + ", mini-batch " + (miniBatchSize == 0 ? "off" : "size " + miniBatchSize)
                + ", " + aggPhase + ", max-rows " + maxRows;
    }
}
