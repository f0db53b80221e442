-- Store settings edited in the back office (issue 36 §5): opening hours, the promises that were constants in
-- store-promises.ts (defaults = those constants, so a store that never edits them says what it said), and a version
-- so that two people saving at once do not overwrite each other.
ALTER TABLE "store_settings" ADD COLUMN "opening_hours" jsonb DEFAULT '{"days":{"mon":{"open":"08:00","close":"18:00"},"tue":{"open":"08:00","close":"18:00"},"wed":{"open":"08:00","close":"18:00"},"thu":{"open":"08:00","close":"18:00"},"fri":{"open":"08:00","close":"18:00"},"sat":{"open":"08:00","close":"18:00"},"sun":{"open":"08:00","close":"18:00"}},"note":""}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "order_cutoff" text DEFAULT '18:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "handling_days_min" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "handling_days_max" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_days_min" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_days_max" integer DEFAULT 8 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "return_window_days" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
