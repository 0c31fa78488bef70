-- Change data capture from Kafka into PostgreSQL: revenue per store and day, kept correct as orders
-- are updated and deleted.
--
-- What it shows: a topic holds Debezium change events of an `orders` table (the first statement
-- writes them, as Debezium would: a create event per new order, and for a change the old row's
-- delete event and the new row's create event). The second statement reads the topic with the
-- 'debezium-json' format, which turns each event into +I / -D rows (and a Debezium 'u' event into
-- -U and +U), and sums the orders per store and day into a PostgreSQL table. Order 2's amount is
-- corrected, order 3 moves to another store, and order 4 is cancelled: each of those retracts its
-- old contribution, so the table ends with exactly the revenue of the orders that remain.
--
-- Runs out of the box: 'embedded:kafka' starts a Kafka broker inside the process and 'embedded:postgres'
-- a PostgreSQL; their addresses are logged on stderr. To use your own (with a fresh topic name, since
-- the topic is read from its start):
--   SLUICE_KAFKA=127.0.0.1:9092 SLUICE_PG_URL='jdbc:postgresql://127.0.0.1:5432/test?user=postgres' \
--     ./sluice run examples/cdc-orders-to-postgres.sql
--
-- Expected table (the SELECT at the end reads it back):
--   10, 2024-05-01, 2, 37.50
--   20, 2024-05-01, 1, 59.90
--   20, 2024-05-02, 1, 15.00

CREATE TABLE order_changes (
  order_id BIGINT,
  store_id INT,
  order_day DATE,
  amount DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH (
  'connector' = 'values',
  'changelog-mode' = 'I,UB,UA,D',
  'rows' = '+I[1, 10, 2024-05-01, 12.50]
+I[2, 10, 2024-05-01, 30.00]
+I[3, 10, 2024-05-01, 59.90]
+I[4, 20, 2024-05-01, 8.00]
+I[5, 20, 2024-05-02, 15.00]
-U[2, 10, 2024-05-01, 30.00]
+U[2, 10, 2024-05-01, 25.00]
-U[3, 10, 2024-05-01, 59.90]
+U[3, 20, 2024-05-01, 59.90]
-D[4, 20, 2024-05-01, 8.00]'
);

-- The topic as Debezium fills it: one JSON change event per message.
CREATE TABLE orders_topic (
  order_id BIGINT,
  store_id INT,
  order_day DATE,
  amount DECIMAL(10, 2)
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders_cdc',
  'properties.bootstrap.servers' = '${SLUICE_KAFKA:-embedded:kafka}',
  'format' = 'debezium-json',
  'scan.startup.mode' = 'earliest-offset',
  -- Stop at the end of what is in the topic now; leave this out to keep the table current forever.
  'scan.bounded.mode' = 'latest-offset'
);

CREATE TABLE revenue_by_store_day (
  store_id INT,
  order_day DATE,
  order_count BIGINT,
  revenue DECIMAL(12, 2),
  PRIMARY KEY (store_id, order_day) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_PG_URL:-embedded:postgres}',
  'table-name' = 'revenue_by_store_day',
  'sink.auto-create' = 'true'
);

INSERT INTO orders_topic SELECT order_id, store_id, order_day, amount FROM order_changes;

INSERT INTO revenue_by_store_day
SELECT store_id, order_day, COUNT(*) AS order_count, SUM(amount) AS revenue
FROM orders_topic
GROUP BY store_id, order_day;

SELECT store_id, order_day, order_count, revenue FROM revenue_by_store_day;
