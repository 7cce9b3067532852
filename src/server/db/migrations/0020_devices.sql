CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"app_version" varchar(40) DEFAULT '' NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"oldest_pending_at" timestamp with time zone,
	"rejected" integer DEFAULT 0 NOT NULL,
	"storage_used" bigint,
	"storage_quota" bigint,
	"persisted" boolean,
	"created_seq" integer DEFAULT 0 NOT NULL,
	"acked_seq" integer DEFAULT 0 NOT NULL,
	"acked_at" timestamp with time zone,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen");