package io.sluice.it;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seed 003's scenario at scale: a changelog of orders (order_id, store_id, trade_date, pm_sign,
 * amount) that are inserted, change amount, move to another payment category, are deleted and come
 * back. The model answers what {@code SUM(amount), COUNT(*) ... GROUP BY store_id, trade_date, pm_sign}
 * must end with.
 */
final class OrderChanges {
    private static final int STORES = 20;
    private static final int DAYS = 7;
    private static final List<String> CATEGORIES = List.of("cash", "card", "wechat", "alipay", "voucher");
    private static final int NEW_ORDER_PERCENT = 30;
    private static final LocalDate FIRST_DAY = LocalDate.of(2026, 10, 1);

    private final Random random;
    private final Map<Long, Order> live = new HashMap<>();
    private final List<String> lines = new ArrayList<>();
    private long nextId = 1;

    private OrderChanges(long seed) {
        this.random = new Random(seed);
    }

    /** At least {@code changes} rows (an update adds two: -U and +U), the same for the same seed. */
    static OrderChanges generate(long seed, int changes) {
        OrderChanges orders = new OrderChanges(seed);
        while (orders.lines.size() < changes) {
            orders.step();
        }
        return orders;
    }

    /** The changelog in its text form, one row a line. */
    List<String> lines() {
        return lines;
    }

    /** SUM(amount) and COUNT(*) per (store_id, trade_date, pm_sign) of the orders alive at the end. */
    List<GroupTotal> expectedTotals() {
        Map<List<Object>, GroupTotal> totals = new HashMap<>();
        for (Order order : live.values()) {
            totals.merge(List.of(order.store(), order.day(), order.category()),
                    new GroupTotal(order.store(), order.day(), order.category(), order.amount(), 1),
                    GroupTotal::plus);
        }
        return List.copyOf(totals.values());
    }

    private void step() {
        if (nextId == 1 || random.nextInt(100) < NEW_ORDER_PERCENT) {
            emit(RowKind.INSERT, randomOrder(nextId++));
            return;
        }
        long id = 1 + random.nextInt((int) nextId - 1);
        Order current = live.get(id);
        if (current == null) {
            // A deleted order comes back: a -D and a later +I of the same key.
            emit(RowKind.INSERT, randomOrder(id));
            return;
        }
        int choice = random.nextInt(100);
        if (choice < 20) {
            emit(RowKind.DELETE, current);
        } else {
            emit(RowKind.UPDATE_BEFORE, current);
            Order changed = choice < 60
                    ? new Order(id, current.store(), current.day(), current.category(), randomAmount())
                    : new Order(id, current.store(), current.day(), randomCategory(), current.amount());
            emit(RowKind.UPDATE_AFTER, changed);
        }
    }

    private void emit(RowKind kind, Order order) {
        if (kind.isAccumulate()) {
            live.put(order.id(), order);
        } else {
            live.remove(order.id());
        }
        lines.add(RowText.format(Row.of(kind, order.id(), order.store(), order.day(), order.category(),
                order.amount())));
    }

    private Order randomOrder(long id) {
        return new Order(id, 1 + random.nextInt(STORES), FIRST_DAY.plusDays(random.nextInt(DAYS)),
                randomCategory(), randomAmount());
    }

    private String randomCategory() {
        return CATEGORIES.get(random.nextInt(CATEGORIES.size()));
    }

    private BigDecimal randomAmount() {
        return BigDecimal.valueOf(1 + random.nextInt(100_000), 2);
    }

    private record Order(long id, int store, LocalDate day, String category, BigDecimal amount) {
    }

    /** One group's aggregates. */
    record GroupTotal(int store, LocalDate day, String category, BigDecimal amount, long count) {
        GroupTotal plus(GroupTotal other) {
            return new GroupTotal(store, day, category, amount.add(other.amount), count + other.count);
        }
    }
}
