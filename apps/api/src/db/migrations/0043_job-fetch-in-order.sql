-- Issue 42 §4, decision 0095: pg-boss takes a queue's next job with `ORDER BY priority DESC, created_on, id LIMIT n
-- FOR UPDATE SKIP LOCKED`, but its own index on waiting jobs is on (name, start_after), so every take read and
-- sorted every waiting job of the queue: 6 ms a take with 6,800 mails waiting, and a burst of orders drained in
-- time that grew with the square of its size. This index is in the take's order, so a take reads the first
-- waiting job it can lock and stops (0.05 ms at the same backlog). On the partitioned parent, so every queue's
-- partition has it, and a queue pg-boss creates later gets it when pg-boss attaches the partition.
CREATE INDEX IF NOT EXISTS "job_fetch_order" ON pgboss.job ("name", "priority" DESC, "created_on", "id") WHERE "state" < 'active';
