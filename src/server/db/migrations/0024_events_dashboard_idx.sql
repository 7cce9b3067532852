-- Issue 29 item 6: the dashboard's de-mapped and received sums over a company's whole event log, read
-- from one index (and the de-mapped ones from it alone) instead of every month's receipts of every site.
CREATE INDEX "events_dashboard_idx" ON "events" USING btree ("company_id","action","site_id","kind","prefix","from_no","to_no","at") WHERE "events"."action" in ('demap', 'receive');