-- Vehicles as parts catalogues model them (issue 15, decision 0029), loaded by `npm run vehicles:import`.
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_key" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"series" text NOT NULL,
	"submodel" text DEFAULT '' NOT NULL,
	"year_from" smallint NOT NULL,
	"month_from" smallint,
	"year_to" smallint,
	"month_to" smallint,
	"body" text NOT NULL,
	"engine_code" text DEFAULT '' NOT NULL,
	"engine_decilitres" smallint,
	"fuel" text NOT NULL,
	"power_kw" smallint,
	"drive" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_vehicle_key_unique" UNIQUE("vehicle_key"),
	CONSTRAINT "vehicles_years_check" CHECK ("vehicles"."year_to" IS NULL OR "vehicles"."year_to" >= "vehicles"."year_from")
);
--> statement-breakpoint
CREATE INDEX "vehicles_make_model_idx" ON "vehicles" USING btree (lower("make"),lower("model"),"year_from");