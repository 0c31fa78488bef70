package io.sluice.runtime.execution;

import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.StreamOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads an attempt's counters for progress reports: the values subtasks publish on their
 * processing-time ticks, so reading them never touches an operator's own state.
 */
final class JobCounters {
    private final List<SourceTask> sources = new ArrayList<>();
    private final List<SinkOperator> sinks = new ArrayList<>();
    private final List<String> sinkTables = new ArrayList<>();
    private final List<WatermarkAssignerOperator> watermarkAssigners = new ArrayList<>();
    private final List<LateRowCounter> lateRowCounters = new ArrayList<>();

    synchronized void addSource(SourceTask source) {
        sources.add(source);
    }

    synchronized void addOperator(StreamOperator operator, String tableName) {
        if (operator instanceof SinkOperator sink) {
            sinks.add(sink);
            sinkTables.add(tableName);
        } else if (operator instanceof WatermarkAssignerOperator assigner) {
            watermarkAssigners.add(assigner);
        } else if (operator instanceof LateRowCounter counter) {
            lateRowCounters.add(counter);
        }
    }

    synchronized long rowsIn() {
        return sources.stream().mapToLong(SourceTask::publishedRows).sum();
    }

    synchronized long rowsOut() {
        return sinks.stream().mapToLong(SinkOperator::publishedRows).sum();
    }

    /** How far the slowest watermark assigner's newest event time is behind {@code nowMillis}; 0 if unknown. */
    synchronized long lagMillis(long nowMillis) {
        long slowest = Long.MAX_VALUE;
        for (WatermarkAssignerOperator assigner : watermarkAssigners) {
            slowest = Math.min(slowest, assigner.publishedMaxCandidate());
        }
        return slowest == Long.MAX_VALUE || slowest == Long.MIN_VALUE ? 0 : Math.max(0, nowMillis - slowest);
    }

    /** Rows the window and OVER aggregations dropped as late, since the job's first attempt. */
    synchronized long lateRowsDropped() {
        return lateRowCounters.stream().mapToLong(LateRowCounter::lateRowsDropped).sum();
    }

    /** Each source table's reader metrics, summed over its subtasks. */
    synchronized Map<String, Map<String, Long>> sourceMetrics() {
        Map<String, Map<String, Long>> metrics = new TreeMap<>();
        for (SourceTask source : sources) {
            Map<String, Long> published = source.publishedMetrics();
            if (!published.isEmpty()) {
                Map<String, Long> table = metrics.computeIfAbsent(source.tableName(), name -> new TreeMap<>());
                published.forEach((key, value) -> table.merge(key, value, Long::sum));
            }
        }
        return metrics;
    }

    /** Each sink table's writer metrics, summed over its subtasks. */
    synchronized Map<String, Map<String, Long>> sinkMetrics() {
        Map<String, Map<String, Long>> metrics = new TreeMap<>();
        for (int i = 0; i < sinks.size(); i++) {
            Map<String, Long> table = metrics.computeIfAbsent(sinkTables.get(i), name -> new TreeMap<>());
            sinks.get(i).publishedMetrics().forEach((key, value) -> table.merge(key, value, Long::sum));
        }
        return metrics;
    }
}
