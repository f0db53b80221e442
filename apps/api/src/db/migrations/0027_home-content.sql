-- Issue 36 §2 (decision 0051): the home page's hero slides, side banners and offer banners as the owner edits them
-- in the back office, each shown only inside its optional window (starts_at inclusive, ends_at exclusive; UTC
-- instants), and the featured products' order. A kind with no rows falls back to the demo content of
-- store_settings (hero_slides, banners), so a store nobody has edited looks as it always did.
CREATE TABLE "home_content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"image_widths" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"heading" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_content_items_kind_check" CHECK ("kind" IN ('hero_slide', 'side_banner', 'offer_banner')),
	CONSTRAINT "home_content_items_window_check" CHECK ("starts_at" IS NULL OR "ends_at" IS NULL OR "ends_at" > "starts_at")
);--> statement-breakpoint
ALTER TABLE "home_content_items" ADD CONSTRAINT "home_content_items_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_content_items_kind_position_idx" ON "home_content_items" USING btree ("kind","position");--> statement-breakpoint
CREATE TABLE "home_featured_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "home_featured_products" ADD CONSTRAINT "home_featured_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
