-- Fitments (issue 15, decision 0030): which product fits which vehicle, and products that fit every vehicle.
CREATE TABLE "fitments" (
	"product_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manufacturer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitments_product_id_vehicle_id_position_pk" PRIMARY KEY("product_id","vehicle_id","position")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "universal_fit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitments" ADD CONSTRAINT "fitments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitments_vehicle_idx" ON "fitments" USING btree ("vehicle_id","product_id");