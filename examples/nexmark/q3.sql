-- Nexmark q3, local item suggestion: people in Oregon, Idaho or California who sell in category 10.
-- A regular join of two append-only inputs.
CREATE TABLE nexmark_q3 (
  name STRING,
  city STRING,
  state STRING,
  id BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO nexmark_q3
SELECT P.name, P.city, P.state, A.id
FROM auction AS A INNER JOIN person AS P ON A.seller = P.id
WHERE A.category = 10 AND (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA');
