CREATE TABLE "app_secrets" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"description" varchar(500) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(150) NOT NULL,
	"display_name" varchar(150) NOT NULL,
	"mobile" varchar(10),
	"gtin" varchar(50),
	"email" varchar(100),
	"address" varchar(250),
	"city" varchar(100),
	"pincode" varchar(6),
	"logo" varchar(250),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_hits" (
	"key" varchar(200) NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(20),
	"name" varchar(150) NOT NULL,
	"email" varchar(100),
	"mobile" varchar(10),
	"is_factory" boolean NOT NULL,
	"gst" varchar(15),
	"prefix" varchar(2),
	"bill_country" integer,
	"bill_state" integer,
	"bill_city" integer,
	"bill_pincode" varchar(6),
	"bill_address1" varchar(250),
	"bill_address2" varchar(250),
	"ship_country" integer,
	"ship_state" integer,
	"ship_city" integer,
	"ship_pincode" varchar(6),
	"ship_address1" varchar(250),
	"ship_address2" varchar(250),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_pages" (
	"user_id" integer NOT NULL,
	"page_key" varchar(10) NOT NULL,
	CONSTRAINT "user_pages_user_id_page_key_pk" PRIMARY KEY("user_id","page_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(100) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"email" varchar(100) NOT NULL,
	"mobile" varchar(10),
	"password_hash" text NOT NULL,
	"user_type" smallint NOT NULL,
	"company_id" integer,
	"site_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_reset_password" boolean DEFAULT false NOT NULL,
	"sessions_valid_after" timestamp with time zone,
	"gst" varchar(15),
	"tin" varchar(20),
	"sap_customer_code" varchar(30),
	"emp_id" varchar(30),
	"bill_country" integer,
	"bill_state" integer,
	"bill_city" integer,
	"bill_pincode" varchar(6),
	"bill_address1" varchar(250),
	"bill_address2" varchar(250),
	"ship_country" integer,
	"ship_state" integer,
	"ship_city" integer,
	"ship_pincode" varchar(6),
	"ship_address1" varchar(250),
	"ship_address2" varchar(250),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pages" ADD CONSTRAINT "user_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cartons_name_uq" ON "cartons" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_code_uq" ON "companies" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_prefix_uq" ON "sites" USING btree (upper("prefix"));--> statement-breakpoint
CREATE INDEX "sites_company_idx" ON "sites" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");