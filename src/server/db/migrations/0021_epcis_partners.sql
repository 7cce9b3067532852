CREATE TABLE "epcis_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"acked_micros" bigint DEFAULT 0 NOT NULL,
	"acked_source" smallint DEFAULT 0 NOT NULL,
	"acked_id" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "epcis_partners" ADD CONSTRAINT "epcis_partners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_partners" ADD CONSTRAINT "epcis_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_partners" ADD CONSTRAINT "epcis_partners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_partners_user_uq" ON "epcis_partners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "epcis_partners_company_idx" ON "epcis_partners" USING btree ("company_id");