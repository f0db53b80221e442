-- Tax invoices and adjustment notes (issue 18 §3, decision 0036): one invoice per paid order and one note per refund or
-- cancellation, each numbered in its own gap-free series (tax_document_counters).
CREATE TABLE "adjustment_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"order_id" integer NOT NULL,
	"tax_invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"gst_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustment_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "adjustment_notes_source_unique" UNIQUE("source"),
	CONSTRAINT "adjustment_notes_amounts_check" CHECK ("adjustment_notes"."amount_cents" > 0 AND "adjustment_notes"."gst_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "tax_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "adjustment_notes" ADD CONSTRAINT "adjustment_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_notes" ADD CONSTRAINT "adjustment_notes_tax_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("tax_invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_notes_order_idx" ON "adjustment_notes" USING btree ("order_id","number");