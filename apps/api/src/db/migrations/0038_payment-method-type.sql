-- Issue 40, decision 0067: how a card-provider payment was made — 'card', 'apple_pay', 'google_pay',
-- 'afterpay_clearpay' or 'zip' — so order pages, mails and the back office name it. NULL for orders before this
-- migration (cards) and for PayPal and trade account orders.
ALTER TABLE "orders" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_type_check" CHECK ("payment_method_type" IS NULL OR "payment_method_type" IN ('card', 'apple_pay', 'google_pay', 'afterpay_clearpay', 'zip'));
