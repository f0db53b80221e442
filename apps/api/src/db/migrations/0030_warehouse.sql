-- Issue 36 §4 (decision 0054): what helps the warehouse.
-- orders.store_notified_at: when the store was mailed of the paid order; set by one conditional UPDATE
-- (WHERE store_notified_at IS NULL), so however many paths confirm the payment the store hears of it once.
-- daily_job_runs: one row per job and store-local day, inserted ON CONFLICT DO NOTHING by the instance that runs
-- it: with several instances behind a load balancer only the one whose insert succeeded sends the day's mail.
ALTER TABLE "orders" ADD COLUMN "store_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "daily_job_runs_pkey" PRIMARY KEY("job","day")
);
