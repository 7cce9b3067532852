-- Issue 29 item 6, at harvest scale: the dashboard's de-mapped and received sums over a company's whole
-- event log from one index (the de-mapped ones from it alone), not every month's receipts of every
-- site; and the farmers' report's month of the ledger read from an index alone.
CREATE INDEX "events_dashboard_idx" ON "events" USING btree ("company_id","action","site_id","kind","prefix","from_no","to_no","at") WHERE "events"."action" in ('demap', 'receive');--> statement-breakpoint
CREATE INDEX "point_entries_party_at_idx" ON "point_entries" USING btree ("party","at","company_id","mobile","points","id","name");