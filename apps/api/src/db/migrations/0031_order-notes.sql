-- Issue 36 §4: internal order notes. Staff write them on an order's back-office page; the store writes one itself
-- when a shipping address is corrected (kind 'address_correction'). Never shown to the customer: no customer
-- route, mail or document reads this table. A staff member deleted later leaves the note with no author (set null).
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text DEFAULT 'note' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_kind_check" CHECK ("kind" IN ('note', 'address_correction')),
	CONSTRAINT "order_notes_body_check" CHECK (length("body") BETWEEN 1 AND 4000)
);--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");
