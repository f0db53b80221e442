-- Issue 37 §4 (decision 0058): a search that found nothing offers a part enquiry, which reaches the store like a
-- contact message: stored with them (so the back office's messages list shows it, marked by its kind) with the part
-- and vehicle asked about, and the search that found nothing. Every existing row is a contact message.
ALTER TABLE "contact_messages" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "part_number" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "vehicle" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "search_query" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_kind_check" CHECK ("kind" IN ('contact', 'part_enquiry'));
