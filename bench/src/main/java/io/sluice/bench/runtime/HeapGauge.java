package io.sluice.bench.runtime;

import com.sun.management.GarbageCollectorMXBean;
import com.sun.management.GcInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Live heap: the heap in use right after a full collection, read from the collection's own record
 * (memory after GC, summed over the heap pools), so that what running threads allocate after the
 * collection does not count.
 */
final class HeapGauge {

    private HeapGauge() {
    }

    /** Collects the whole heap and returns the bytes that survived. */
    static long liveBytes() {
        System.gc();
        Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName)
                .collect(Collectors.toSet());
        GcInfo last = ManagementFactory.getPlatformMXBeans(GarbageCollectorMXBean.class).stream()
                .map(GarbageCollectorMXBean::getLastGcInfo).filter(info -> info != null)
                .max(Comparator.comparingLong(GcInfo::getEndTime))
                .orElseThrow(() -> new IllegalStateException("The JVM reports no garbage collection"));
        long live = 0;
        for (Map.Entry<String, MemoryUsage> pool : last.getMemoryUsageAfterGc().entrySet()) {
            live += heapPools.contains(pool.getKey()) ? pool.getValue().getUsed() : 0;
        }
        return live;
    }
}
