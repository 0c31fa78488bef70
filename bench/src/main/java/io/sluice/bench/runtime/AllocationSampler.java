package io.sluice.bench.runtime;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Bytes allocated on the Java heap by all threads while it runs, from
 * {@link ThreadMXBean#getThreadAllocatedBytes(long[])}, polled every few milliseconds because a
 * thread's count disappears with the thread: a job thread's last few milliseconds before it ends are
 * missed. Its own allocations and those of the thread that started it (which plans the job and then
 * waits) do not count.
 */
final class AllocationSampler implements AutoCloseable {
    private static final long POLL_MILLIS = 5;

    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> firstSeen = new HashMap<>();
    private final Map<Long, Long> lastSeen = new HashMap<>();
    private final Thread poller = new Thread(this::pollUntilInterrupted, "allocation-sampler");
    private final long caller = Thread.currentThread().getId();
    private volatile boolean running = true;

    AllocationSampler() {
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
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != poller.getId() && ids[i] != caller && bytes[i] >= 0) {
                // A thread first seen after the start allocated everything it reports during the run.
                firstSeen.putIfAbsent(ids[i], start ? bytes[i] : 0L);
                lastSeen.put(ids[i], bytes[i]);
            }
        }
    }

    /** Stops polling and returns the bytes allocated since the sampler started. */
    long stop() throws InterruptedException {
        close();
        poller.join();
        poll(false);
        return total();
    }

    private synchronized long total() {
        long total = 0;
        for (Map.Entry<Long, Long> thread : lastSeen.entrySet()) {
            total += thread.getValue() - firstSeen.get(thread.getKey());
        }
        return total;
    }

    @Override
    public void close() {
        running = false;
        poller.interrupt();
    }
}
