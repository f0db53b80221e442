-- Issue 34 §5 (decision 0047): discount codes made in the back office (or one per newsletter subscriber), entered at
-- checkout and applied by the server; one redemption row per order that used one. A code's usage limit holds under
-- concurrent orders: redeeming locks the code's row (decision 0041); "once per email" is also a partial unique index.
CREATE TABLE "discount_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"once" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"target_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"email" text,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_rules_check" CHECK ("discount_codes"."code" = upper("discount_codes"."code") AND "discount_codes"."kind" IN ('percent', 'amount') AND "discount_codes"."value" > 0 AND ("discount_codes"."kind" <> 'percent' OR "discount_codes"."value" <= 100) AND "discount_codes"."min_spend_cents" >= 0 AND "discount_codes"."applies_to" IN ('all', 'products', 'categories') AND "discount_codes"."used_count" >= 0 AND ("discount_codes"."usage_limit" IS NULL OR ("discount_codes"."usage_limit" > 0 AND "discount_codes"."used_count" <= "discount_codes"."usage_limit")))
);
--> statement-breakpoint
ALTER TABLE "discount_code_redemptions" ADD CONSTRAINT "discount_code_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_redemptions" ADD CONSTRAINT "discount_code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_redemptions_order_idx" ON "discount_code_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_redemptions_once_idx" ON "discount_code_redemptions" USING btree ("code_id","email") WHERE "discount_code_redemptions"."once";--> statement-breakpoint
CREATE INDEX "discount_code_redemptions_code_user_idx" ON "discount_code_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_codes_created_idx" ON "discount_codes" USING btree ("created_at");