ALTER TABLE "secondary_cartons" ADD COLUMN "batch_no" varchar(50);--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD COLUMN "mfg_date" date;--> statement-breakpoint
ALTER TABLE "secondary_cartons" ADD COLUMN "exp_date" date;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD COLUMN "batch_no" varchar(50);--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD COLUMN "mfg_date" date;--> statement-breakpoint
ALTER TABLE "tertiary_cartons" ADD COLUMN "exp_date" date;