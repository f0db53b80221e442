-- Issue 37 §3 (decision 0057): the shopper's return request on the back office's model. A request made from an
-- order records what the shopper chose: its reason on the return (one of faulty, wrong_part, changed_mind,
-- damaged_in_transit, other; null for the free form and older rows) and, per order line, the units asked for
-- (return_lines.quantity_requested). The same return_lines row later records what came back, so quantity_received
-- and condition are null until the goods are received. Rows written by the receive step before this migration
-- asked for nothing (quantity_requested 0).
ALTER TABLE "order_returns" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_reason_check" CHECK ("reason" IS NULL OR "reason" IN ('faulty', 'wrong_part', 'changed_mind', 'damaged_in_transit', 'other'));--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "quantity_requested" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_requested_check" CHECK ("quantity_requested" >= 0);--> statement-breakpoint
ALTER TABLE "return_lines" ALTER COLUMN "quantity_received" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ALTER COLUMN "condition" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "return_lines_line_idx" ON "return_lines" USING btree ("order_line_item_id");
