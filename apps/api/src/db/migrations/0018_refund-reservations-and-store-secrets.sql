-- Issue 43: a refund is reserved ('pending') under the order's lock before the provider is called and settled after;
-- refunds recorded before this were all made at the provider first. store_secrets: keys the store makes for itself.
CREATE TABLE "store_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" IN ('pending', 'succeeded', 'failed'));--> statement-breakpoint
UPDATE "refunds" SET "settled_at" = "created_at" WHERE "settled_at" IS NULL;
