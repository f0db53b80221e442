-- Issue 41, decision 0069: locations and stock by location, click & collect, dangerous and bulky goods, delivery
-- options and rates.
--
-- Locations: the Guildford warehouse is location 1 and holds every unit the store had (products.stock). From now
-- on products.stock is the sum of location_stock.on_hand for a product that tracks stock (NULL: not tracked), kept
-- in the same transaction as every change to location_stock, so everything that reads products.stock (the
-- catalog, low stock, the editor) keeps reading one number.
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"suburb" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'NSW' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"ships" boolean DEFAULT true NOT NULL,
	"hands_over" boolean DEFAULT false NOT NULL,
	"ready_minutes" integer DEFAULT 60 NOT NULL,
	"dispatch_days_min" integer DEFAULT 0 NOT NULL,
	"dispatch_days_max" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_code_unique" UNIQUE("code"),
	CONSTRAINT "locations_ready_minutes_check" CHECK ("ready_minutes" BETWEEN 5 AND 1440),
	CONSTRAINT "locations_dispatch_days_check" CHECK ("dispatch_days_min" >= 0 AND "dispatch_days_max" >= "dispatch_days_min" AND "dispatch_days_max" <= 30)
);--> statement-breakpoint
INSERT INTO "locations" ("code", "name", "street_address", "suburb", "state", "post_code", "opening_hours", "ships", "hands_over", "ready_minutes", "dispatch_days_min", "dispatch_days_max", "sort_order")
SELECT 'guildford', 'Guildford warehouse', '', 'Guildford', 'NSW', '2161', "opening_hours", true, true, 60, 0, 1, 0
FROM "store_settings" WHERE "id" = 1
UNION ALL
SELECT 'guildford', 'Guildford warehouse', '', 'Guildford', 'NSW', '2161',
  '{"mon":{"open":"08:00","close":"18:00"},"tue":{"open":"08:00","close":"18:00"},"wed":{"open":"08:00","close":"18:00"},"thu":{"open":"08:00","close":"18:00"},"fri":{"open":"08:00","close":"18:00"},"sat":{"open":"08:00","close":"18:00"},"sun":{"open":"08:00","close":"18:00"},"note":""}'::jsonb,
  true, true, 60, 0, 1, 0
WHERE NOT EXISTS (SELECT 1 FROM "store_settings" WHERE "id" = 1);--> statement-breakpoint
CREATE TABLE "location_stock" (
	"location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE RESTRICT,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"on_hand" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_stock_pk" PRIMARY KEY ("product_id", "location_id"),
	CONSTRAINT "location_stock_on_hand_check" CHECK ("on_hand" >= 0)
);--> statement-breakpoint
CREATE INDEX "location_stock_location_idx" ON "location_stock" ("location_id", "product_id");--> statement-breakpoint
INSERT INTO "location_stock" ("location_id", "product_id", "on_hand")
SELECT (SELECT "id" FROM "locations" WHERE "code" = 'guildford'), "id", greatest("stock", 0)
FROM "products" WHERE "stock" IS NOT NULL;--> statement-breakpoint
-- Where each order's units were reserved (one row per product and location), so a cancel or a restock puts them
-- back where they came from.
CREATE TABLE "order_stock_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL REFERENCES "locations"("id") ON DELETE RESTRICT,
	"quantity" integer NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stock_allocations_quantity_check" CHECK ("quantity" > 0 AND "released" >= 0 AND "released" <= "quantity")
);--> statement-breakpoint
CREATE INDEX "order_stock_allocations_order_idx" ON "order_stock_allocations" ("order_id");--> statement-breakpoint
-- Every change of stock at a location, with why: transfers between locations, counts, orders and their release.
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"from_location_id" integer REFERENCES "locations"("id") ON DELETE RESTRICT,
	"to_location_id" integer REFERENCES "locations"("id") ON DELETE RESTRICT,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"staff_user_id" integer,
	"staff_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "stock_movements_reason_check" CHECK ("reason" IN ('transfer', 'count', 'received', 'order', 'order_released', 'restock', 'import'))
);--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" ("product_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" ("created_at" DESC);--> statement-breakpoint
-- Dangerous and bulky goods, and the parcel's size for rates.
ALTER TABLE "products" ADD COLUMN "dangerous_goods_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bulky" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dangerous_goods_class_check" CHECK ("dangerous_goods_class" IS NULL OR "dangerous_goods_class" IN ('1', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK (("length_mm" IS NULL OR "length_mm" > 0) AND ("width_mm" IS NULL OR "width_mm" > 0) AND ("height_mm" IS NULL OR "height_mm" > 0));--> statement-breakpoint
-- The delivery option an order was placed with, its estimate as promised then, and click & collect's steps.
ALTER TABLE "orders" ADD COLUMN "delivery_option" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_estimate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_rate_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collect_location_id" integer REFERENCES "locations"("id") ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_for_collection_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_option_check" CHECK ("delivery_option" IN ('standard', 'express', 'click_and_collect'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collect_location_check" CHECK (("delivery_option" = 'click_and_collect') = ("collect_location_id" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "orders_collection_idx" ON "orders" ("collect_location_id", "ready_for_collection_at") WHERE "collect_location_id" IS NOT NULL AND "collected_at" IS NULL;--> statement-breakpoint
-- Delivery settings: express, the bulky surcharge, when an uncollected order is flagged, the rate table.
ALTER TABLE "store_settings" ADD COLUMN "express_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "express_days_min" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "express_days_max" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bulky_surcharge_cents" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "uncollected_after_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "rate_table" jsonb;
