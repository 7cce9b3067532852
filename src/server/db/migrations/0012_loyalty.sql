CREATE TABLE "point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer NOT NULL,
	"party" varchar(6) NOT NULL,
	"mobile" varchar(10),
	"user_id" integer,
	"points" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"verification_id" bigint,
	"kind" varchar(1),
	"prefix" varchar(2),
	"serial" bigint,
	"did" varchar(30),
	"request_id" integer,
	"product_name" varchar(150) DEFAULT '' NOT NULL,
	"scheme_names" varchar(300) DEFAULT '' NOT NULL,
	"scheme_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"mobile" varchar(10) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"sent" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verification_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"remark" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheme_exclusions" (
	"scheme_id" integer NOT NULL,
	"mapping_id" integer NOT NULL,
	CONSTRAINT "scheme_exclusions_scheme_id_mapping_id_pk" PRIMARY KEY("scheme_id","mapping_id")
);
--> statement-breakpoint
CREATE TABLE "scheme_items" (
	"scheme_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"label" varchar(150) NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "scheme_items_scheme_id_item_id_pk" PRIMARY KEY("scheme_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "scheme_locations" (
	"scheme_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	CONSTRAINT "scheme_locations_scheme_id_state_id_pk" PRIMARY KEY("scheme_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"kind" varchar(6) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"scheme_type" varchar(2),
	"beneficiary" smallint NOT NULL,
	"product_id" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "feedback" varchar(500);--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_requests" ADD CONSTRAINT "redemption_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_requests" ADD CONSTRAINT "redemption_requests_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_exclusions" ADD CONSTRAINT "scheme_exclusions_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_items" ADD CONSTRAINT "scheme_items_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_locations" ADD CONSTRAINT "scheme_locations_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_pack_uq" ON "point_entries" USING btree ("kind","prefix","serial") WHERE "point_entries"."source" = 'verify';--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_dispatch_uq" ON "point_entries" USING btree ("did","user_id") WHERE "point_entries"."source" = 'dispatch';--> statement-breakpoint
CREATE INDEX "point_entries_farmer_idx" ON "point_entries" USING btree ("company_id","mobile");--> statement-breakpoint
CREATE INDEX "point_entries_dealer_idx" ON "point_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_waiting_uq" ON "redemption_requests" USING btree ("company_id","mobile") WHERE "redemption_requests"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "redemption_company_idx" ON "redemption_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schemes_name_uq" ON "schemes" USING btree (coalesce("company_id", 0),"kind",lower("name"));--> statement-breakpoint
CREATE INDEX "schemes_in_force_idx" ON "schemes" USING btree ("company_id","valid_to");