-- Issue 34 §4 (decision 0012): a membership plan is offered only to the members who hold it, granted and removed by
-- admins in the back office. No member holds a plan after this migration: until now every member was offered every
-- plan, which was the fault, not a grant (an admin grants the plans members are owed).
CREATE TABLE "held_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" integer
);
--> statement-breakpoint
ALTER TABLE "held_plans" ADD CONSTRAINT "held_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_plans" ADD CONSTRAINT "held_plans_plan_id_discount_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."discount_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_plans" ADD CONSTRAINT "held_plans_granted_by_staff_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_plans_user_plan_idx" ON "held_plans" USING btree ("user_id","plan_id");
