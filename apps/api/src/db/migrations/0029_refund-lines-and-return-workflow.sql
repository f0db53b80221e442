-- Issue 36 §3 (decision 0053): refunds by line item, and returns as a workflow.
-- refunds.shipping_cents: the part of a refund that gives back the delivery charge.
-- refund_lines: units of each order line a refund gives back (and whether they went back on the shelf), so a
-- second partial refund knows what is left; counted while the refund is pending or succeeded.
-- order_returns: 'open' is "requested"; then approved (with a return authorisation number RA-000123 from its own
-- sequence), received (inspected), and refunded, replaced or rejected. Old approvals that refunded become
-- 'refunded'. return_lines: what came back per order line, how many and in what condition.
ALTER TABLE "refunds" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shipping_check" CHECK ("shipping_cents" >= 0 AND "shipping_cents" <= "amount_cents");--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL REFERENCES "refunds"("id") ON DELETE cascade,
	"order_line_item_id" integer NOT NULL REFERENCES "order_line_items"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "refund_lines_amounts_check" CHECK ("quantity" > 0 AND "amount_cents" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "refund_lines_refund_line_idx" ON "refund_lines" USING btree ("refund_id","order_line_item_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("order_line_item_id");--> statement-breakpoint
CREATE SEQUENCE "return_authorisation_seq" START WITH 1;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "ra_number" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_ra_number_unique" UNIQUE ("ra_number");--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "received_by" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "inspection_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "order_returns" SET "status" = 'refunded' WHERE "status" = 'approved' AND coalesce("refund_cents", 0) > 0;--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL REFERENCES "order_returns"("id") ON DELETE cascade,
	"order_line_item_id" integer NOT NULL REFERENCES "order_line_items"("id") ON DELETE cascade,
	"quantity_received" integer NOT NULL,
	"condition" text NOT NULL,
	CONSTRAINT "return_lines_quantity_check" CHECK ("quantity_received" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_return_line_idx" ON "return_lines" USING btree ("return_id","order_line_item_id");
