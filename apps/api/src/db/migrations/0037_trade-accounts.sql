-- Issue 39, decision 0066: trade accounts. A business applies (pending), the back office approves it with its price
-- lists, credit limit and terms, or declines it with a reason. Its users order for it; orders charged "On account"
-- post an invoice to its ledger (positive cents owed), payments post negative amounts, so the balance is one sum.
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_name_unique" UNIQUE("name")
);--> statement-breakpoint
CREATE TABLE "price_list_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
	"scope" text NOT NULL,
	"target_id" integer,
	"percent_off" numeric(6, 3),
	"fixed_price_cents" integer,
	CONSTRAINT "price_list_rules_scope_check" CHECK ("scope" IN ('product', 'brand', 'child_category', 'category', 'all')),
	CONSTRAINT "price_list_rules_one_kind_check" CHECK (("percent_off" IS NULL) <> ("fixed_price_cents" IS NULL)),
	CONSTRAINT "price_list_rules_amount_check" CHECK (("percent_off" IS NULL OR ("percent_off" > 0 AND "percent_off" <= 100)) AND ("fixed_price_cents" IS NULL OR "fixed_price_cents" >= 0)),
	CONSTRAINT "price_list_rules_fixed_product_check" CHECK ("fixed_price_cents" IS NULL OR "scope" = 'product')
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_rules_target_idx" ON "price_list_rules" USING btree ("price_list_id", "scope", coalesce("target_id", 0));--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"business_name" text NOT NULL,
	"abn" text NOT NULL,
	"gst_registered" boolean NOT NULL,
	"street_address" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"post_code" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"accounts_email" text NOT NULL,
	"expected_monthly_spend_cents" integer NOT NULL,
	"abn_check" jsonb,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"terms" text DEFAULT '30_eom' NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_status_check" CHECK ("status" IN ('pending', 'approved', 'declined', 'suspended')),
	CONSTRAINT "trade_accounts_terms_check" CHECK ("terms" IN ('7_days', '14_days', '30_days', '30_eom')),
	CONSTRAINT "trade_accounts_money_check" CHECK ("credit_limit_cents" >= 0 AND "expected_monthly_spend_cents" >= 0)
);--> statement-breakpoint
-- One live account per ABN: a second application for the same business is refused (its owner invites instead).
CREATE UNIQUE INDEX "trade_accounts_live_abn_idx" ON "trade_accounts" USING btree ("abn") WHERE "status" <> 'declined';--> statement-breakpoint
CREATE TABLE "trade_account_price_lists" (
	"trade_account_id" integer NOT NULL REFERENCES "trade_accounts"("id") ON DELETE CASCADE,
	"price_list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE RESTRICT,
	CONSTRAINT "trade_account_price_lists_pk" PRIMARY KEY("trade_account_id", "price_list_id")
);--> statement-breakpoint
CREATE TABLE "trade_account_users" (
	"trade_account_id" integer NOT NULL REFERENCES "trade_accounts"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_account_users_pk" PRIMARY KEY("trade_account_id", "user_id"),
	CONSTRAINT "trade_account_users_role_check" CHECK ("role" IN ('owner', 'buyer'))
);--> statement-breakpoint
-- A customer orders for one business at most.
CREATE UNIQUE INDEX "trade_account_users_user_idx" ON "trade_account_users" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "trade_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_account_id" integer NOT NULL REFERENCES "trade_accounts"("id") ON DELETE RESTRICT,
	"kind" text NOT NULL,
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL DEFAULT '',
	"entry_day" date NOT NULL,
	"due_day" date,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_ledger_kind_check" CHECK ("kind" IN ('invoice', 'payment', 'credit')),
	CONSTRAINT "trade_ledger_sign_check" CHECK (("kind" = 'invoice' AND "amount_cents" > 0 AND "due_day" IS NOT NULL) OR ("kind" <> 'invoice' AND "amount_cents" < 0))
);--> statement-breakpoint
CREATE INDEX "trade_ledger_account_idx" ON "trade_ledger" USING btree ("trade_account_id", "entry_day");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_ledger_order_invoice_idx" ON "trade_ledger" USING btree ("order_id") WHERE "kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_ledger_refund_credit_idx" ON "trade_ledger" USING btree ("reference") WHERE "kind" = 'credit' AND "reference" LIKE 'refund:%';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_account_id" integer REFERENCES "trade_accounts"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_day" date;--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "price_list_name" text;
