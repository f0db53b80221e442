CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"permalink" text NOT NULL,
	"logo_image" text,
	"cover_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_permalink_unique" UNIQUE("permalink")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"permalink" text NOT NULL,
	"thumbnail_image" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_sku_unique" UNIQUE("sku"),
	CONSTRAINT "categories_permalink_unique" UNIQUE("permalink")
);
--> statement-breakpoint
CREATE TABLE "child_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"child_sku" text NOT NULL,
	"child_title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "child_categories_child_sku_unique" UNIQUE("child_sku")
);
--> statement-breakpoint
CREATE TABLE "product_discounts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"discount_type" smallint NOT NULL,
	"discount_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"path" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"title" text NOT NULL,
	"permalink" text NOT NULL,
	"category_id" integer,
	"child_category_id" integer,
	"brand_id" integer,
	"price_cents" integer NOT NULL,
	"stock" integer,
	"weight_grams" integer,
	"short_description" text,
	"long_description" text,
	"seo_title" text,
	"seo_description" text,
	"seo_tags" text,
	"canonical_url" text,
	"schema_markup" text,
	"badge" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"search_brand" text DEFAULT '' NOT NULL,
	"search_category" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || sku || ' ' || search_brand || ' ' || search_category || ' ' || coalesce(seo_tags, ''))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, sku), 'A') || setweight(to_tsvector('english'::regconfig, search_brand), 'B') || setweight(to_tsvector('english'::regconfig, search_category || ' ' || coalesce(seo_tags, '')), 'C')) STORED,
	"import_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_permalink_unique" UNIQUE("permalink")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"gst_percent" integer DEFAULT 10 NOT NULL,
	"delivery_charge_cents" integer DEFAULT 1500 NOT NULL,
	"free_delivery_threshold_cents" integer DEFAULT 10000 NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hero_slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"banners" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_slider" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_categories" ADD CONSTRAINT "child_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_discounts" ADD CONSTRAINT "product_discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_child_category_id_child_categories_id_fk" FOREIGN KEY ("child_category_id") REFERENCES "public"."child_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_categories_category_id_idx" ON "child_categories" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_child_category_idx" ON "products" USING btree ("child_category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_featured";--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);