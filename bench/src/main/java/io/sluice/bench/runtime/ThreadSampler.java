package io.sluice.bench.runtime;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Heap bytes allocated and CPU time used by all threads while it runs, from
 * {@link ThreadMXBean#getThreadAllocatedBytes(long[])} and {@link ThreadMXBean#getThreadCpuTime(long)},
 * polled every few milliseconds because a thread's counts disappear with the thread: a job thread's
 * last few milliseconds before it ends are missed. Its own work and that of the thread that started it
 * (which plans the job and then waits) do not count. CPU time does not depend on what else the
 * machine runs, so rows per CPU second compare across runs on a busy machine where rows/s do not.
 */
final class ThreadSampler implements AutoCloseable {
    private static final long POLL_MILLIS = 5;

    /** What the job's threads used: bytes allocated and CPU nanoseconds. */
    record Usage(long allocatedBytes, long cpuNanos) {
    }

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final Map<Long, Usage> firstSeen = new HashMap<>();
    private final Map<Long, Usage> lastSeen = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private final Thread poller = new Thread(this::pollUntilInterrupted, "thread-sampler");
    private final long caller = Thread.currentThread().getId();
    private volatile boolean running = true;

    ThreadSampler() {
        poll(true);
        poller.setDaemon(true);
        poller.start();
    }

    private void pollUntilInterrupted() {
        while (running) {
            poll(false);
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** @param start whether this is the first poll, whose counts are the threads' starting points */
    private synchronized void poll(boolean start) {
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long[] cpu = threads.getThreadCpuTime(ids);
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != poller.getId() && ids[i] != caller && bytes[i] >= 0 && cpu[i] >= 0) {
                Usage now = new Usage(bytes[i], cpu[i]);
                // A thread first seen after the start used everything it reports during the run.
                if (firstSeen.putIfAbsent(ids[i], start ? now : new Usage(0, 0)) == null) {
                    names.put(ids[i], name(ids[i]));
                }
                lastSeen.put(ids[i], now);
            }
        }
    }

    /** Stops polling and returns what the threads used since the sampler started. */
    Usage stop() throws InterruptedException {
        close();
        poller.join();
        poll(false);
        return total();
    }

    private String name(long id) {
        java.lang.management.ThreadInfo info = threads.getThreadInfo(id);
        return info == null ? "" : info.getThreadName();
    }

    /** After {@link #stop}: the CPU nanoseconds of the threads whose name starts with {@code prefix}. */
    synchronized long cpuNanos(String prefix) {
        long cpu = 0;
        for (Map.Entry<Long, Usage> thread : lastSeen.entrySet()) {
            if (names.get(thread.getKey()).startsWith(prefix)) {
                cpu += thread.getValue().cpuNanos() - firstSeen.get(thread.getKey()).cpuNanos();
            }
        }
        return cpu;
    }

    private synchronized Usage total() {
        long bytes = 0;
        long cpu = 0;
        for (Map.Entry<Long, Usage> thread : lastSeen.entrySet()) {
            Usage first = firstSeen.get(thread.getKey());
            bytes += thread.getValue().allocatedBytes() - first.allocatedBytes();
            cpu += thread.getValue().cpuNanos() - first.cpuNanos();
        }
        return new Usage(bytes, cpu);
    }

    @Override
    public void close() {
        running = false;
        poller.interrupt();
    }
}
