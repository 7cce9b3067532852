CREATE TABLE "damages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(1) NOT NULL,
	"prefix" varchar(2) DEFAULT '' NOT NULL,
	"from_no" bigint NOT NULL,
	"to_no" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(30) NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"site_id" integer,
	"kind" varchar(1),
	"prefix" varchar(2),
	"from_no" bigint,
	"to_no" bigint,
	"ref" varchar(40),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_batch" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"mapping_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"prefix" varchar(2) NOT NULL,
	"from_no" bigint NOT NULL,
	"to_no" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_counters" (
	"prefix" varchar(2) NOT NULL,
	"type" varchar(3) NOT NULL,
	"last" bigint NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "id_counters_prefix_type_pk" PRIMARY KEY("prefix","type")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(1) NOT NULL,
	"prefix" varchar(2) DEFAULT '' NOT NULL,
	"serial_no" bigint NOT NULL,
	"secondary_id" varchar(20),
	"status" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(1) NOT NULL,
	"prefix" varchar(2) DEFAULT '' NOT NULL,
	"from_no" bigint NOT NULL,
	"to_no" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"product_id" integer NOT NULL,
	"batch_no" varchar(50) NOT NULL,
	"mfg_date" date NOT NULL,
	"exp_date" date NOT NULL,
	"mrp" numeric(12, 2),
	"remark" varchar(250) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "number_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_no" bigint NOT NULL,
	"to_no" bigint NOT NULL,
	"sales_order_no" varchar(50) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "static_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"prefix" varchar(2) NOT NULL,
	"static_no" bigint NOT NULL,
	"preprinted_no" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_issues" ADD CONSTRAINT "number_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_issues" ADD CONSTRAINT "number_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_issues" ADD CONSTRAINT "number_issues_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pairs" ADD CONSTRAINT "static_pairs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_pairs" ADD CONSTRAINT "static_pairs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "damages_series_from_uq" ON "damages" USING btree ("kind","prefix","from_no");--> statement-breakpoint
CREATE INDEX "damages_company_idx" ON "damages" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("kind","prefix","from_no");--> statement-breakpoint
CREATE INDEX "events_action_at_idx" ON "events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "events_company_at_idx" ON "events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "generations_company_idx" ON "generations" USING btree ("company_id","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "items_series_serial_uq" ON "items" USING btree ("kind","prefix","serial_no");--> statement-breakpoint
CREATE UNIQUE INDEX "mappings_series_from_uq" ON "mappings" USING btree ("kind","prefix","from_no");--> statement-breakpoint
CREATE INDEX "mappings_company_idx" ON "mappings" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "mappings_product_idx" ON "mappings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_issues_from_uq" ON "number_issues" USING btree ("from_no");--> statement-breakpoint
CREATE INDEX "number_issues_company_idx" ON "number_issues" USING btree ("company_id","from_no");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pairs_static_uq" ON "static_pairs" USING btree ("prefix","static_no");--> statement-breakpoint
CREATE UNIQUE INDEX "static_pairs_preprinted_uq" ON "static_pairs" USING btree ("preprinted_no");--> statement-breakpoint
CREATE INDEX "static_pairs_company_idx" ON "static_pairs" USING btree ("company_id");--> statement-breakpoint
CREATE FUNCTION "events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the event log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "events_no_change" BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_append_only"();
