-- Issue 34 §1-2 (decision 0046): the catalog stores shelf prices INCLUDING GST, and an order keeps the money model
-- it was charged with. Every stored price becomes the GST-inclusive figure shoppers were shown for it (the ex-GST
-- price plus GST rounded UP to the cent, as gst-prices.ts showed it until now), so no shopper sees a price move.
-- g is the store's GST percent (10 when the store has no settings row); ceil(x × (100 + g) / 100) in bigint maths.
--
-- A fixed-amount product discount (type 1, cents) becomes the difference of the two prices shoppers were shown,
-- each worked out from the OLD ex-GST figures: the list price and the sale price (never below 0), so the sale
-- price shown stays to the cent. It is rewritten first, while the products still hold their old prices. Percent
-- discounts (type 0) stay: a percent of the inc-GST price, rounded to the cent (at most a cent below the old one).
UPDATE "product_discounts" AS d SET "discount_value" = (
    ((p."price_cents"::bigint * (100 + s.g) + 99) / 100)
    - ((greatest(0, p."price_cents" - d."discount_value")::bigint * (100 + s.g) + 99) / 100)
  )::integer
  FROM "products" AS p,
    (SELECT coalesce((SELECT "gst_percent" FROM "store_settings" WHERE "id" = 1), 10) AS g) AS s
  WHERE p."id" = d."product_id" AND d."discount_type" = 1;--> statement-breakpoint
UPDATE "products" SET "price_cents" = (("price_cents"::bigint * (100 + s.g) + 99) / 100)::integer
  FROM (SELECT coalesce((SELECT "gst_percent" FROM "store_settings" WHERE "id" = 1), 10) AS g) AS s;--> statement-breakpoint
-- Every instance's catalog read model, rendered pages and search index reload the whole catalog (decision 0019).
UPDATE "catalog_state" SET "version" = "version" + 1, "changed_at" = now();--> statement-breakpoint
-- The flat delivery charge is now the one shoppers pay (1500 ex. GST -> 1650); the free-delivery threshold keeps its
-- figure, now read against the GST-inclusive subtotal (store-promises.ts words it that way).
UPDATE "store_settings" SET "delivery_charge_cents" = (("delivery_charge_cents"::bigint * (100 + "gst_percent") + 99) / 100)::integer;--> statement-breakpoint
ALTER TABLE "store_settings" ALTER COLUMN "delivery_charge_cents" SET DEFAULT 1650;--> statement-breakpoint
-- Orders: the money model each was charged with. Older orders were charged the SPEC §9 way (ex-GST lines, GST
-- added to the total) and keep false; their rate is the store's rate now, the only one the store has had.
ALTER TABLE "orders" ADD COLUMN "prices_include_gst" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_percent" integer;--> statement-breakpoint
UPDATE "orders" SET "gst_percent" = coalesce((SELECT "gst_percent" FROM "store_settings" WHERE "id" = 1), 10);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "gst_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_code_discount_check" CHECK ("orders"."code_discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_line_items" ADD COLUMN "line_gst_cents" integer;
