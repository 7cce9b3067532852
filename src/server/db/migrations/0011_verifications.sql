CREATE TABLE "verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"scan" varchar(500) NOT NULL,
	"kind" varchar(1),
	"prefix" varchar(2),
	"serial" bigint,
	"company_id" integer,
	"product_id" integer,
	"mapping_id" integer,
	"result" varchar(4) NOT NULL,
	"message" varchar(400) NOT NULL,
	"name" varchar(100),
	"email" varchar(100),
	"mobile" varchar(10),
	"city" varchar(100),
	"state" varchar(100),
	"country" varchar(100),
	"address" varchar(300),
	"zip" varchar(10),
	"latitude" double precision,
	"longitude" double precision,
	"ip" varchar(64),
	"mode" varchar(20),
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "verifications_code_idx" ON "verifications" USING btree ("kind","prefix","serial","at");--> statement-breakpoint
CREATE INDEX "verifications_company_at_idx" ON "verifications" USING btree ("company_id","at");