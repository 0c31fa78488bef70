-- Orders by store, day and category into MySQL/MariaDB, with changes and deletes.
--
-- What it shows: the source is a full changelog (I, UB, UA, D) of an orders table keyed by order_id,
-- as a CDC feed would deliver it. Order 2's amount is corrected (-U/+U), order 3 moves from 'games'
-- to 'music' (its old group loses its only order), and order 4 is cancelled (-D). The GROUP BY turns
-- this into upserts and deletes of the (store_id, order_day, category) rows: the groups that end up
-- empty are deleted from the table, the others hold their final count and revenue.
--
-- The sink writes INSERT ... ON DUPLICATE KEY UPDATE for the non-key columns and deletes by key;
-- `./sluice explain examples/orders-by-store.sql` shows the changelog of every node.
--
-- Runs out of the box on an embedded MariaDB. To write into your own MySQL or MariaDB:
--   SLUICE_MYSQL_URL='jdbc:mysql://127.0.0.1:3306/test?user=root&password=' ./sluice run examples/orders-by-store.sql
--
-- Expected table (the SELECT at the end reads it back, in the database's order):
--   10, 2024-05-01, books, 2, 37.50
--   10, 2024-05-01, music, 1, 59.90
--   20, 2024-05-02, music, 1, 15.00

CREATE TABLE orders (
  order_id BIGINT,
  store_id INT,
  order_day DATE,
  category STRING,
  amount DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH (
  'connector' = 'values',
  'changelog-mode' = 'I,UB,UA,D',
  'rows' = '+I[1, 10, 2024-05-01, books, 12.50]
+I[2, 10, 2024-05-01, books, 30.00]
+I[3, 10, 2024-05-01, games, 59.90]
+I[4, 20, 2024-05-01, books, 8.00]
+I[5, 20, 2024-05-02, music, 15.00]
-U[2, 10, 2024-05-01, books, 30.00]
+U[2, 10, 2024-05-01, books, 25.00]
-U[3, 10, 2024-05-01, games, 59.90]
+U[3, 10, 2024-05-01, music, 59.90]
-D[4, 20, 2024-05-01, books, 8.00]'
);

CREATE TABLE sales_by_category (
  store_id INT,
  order_day DATE,
  category VARCHAR(32),
  order_count BIGINT,
  revenue DECIMAL(12, 2),
  PRIMARY KEY (store_id, order_day, category) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = '${SLUICE_MYSQL_URL:-embedded:mariadb}',
  'table-name' = 'sales_by_category',
  'sink.auto-create' = 'true'
);

INSERT INTO sales_by_category
SELECT store_id, order_day, category, COUNT(*) AS order_count, SUM(amount) AS revenue
FROM orders
GROUP BY store_id, order_day, category;

SELECT store_id, order_day, category, order_count, revenue FROM sales_by_category;
