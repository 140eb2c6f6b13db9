DROP INDEX "receiving_accounts_pick_idx";--> statement-breakpoint
DROP INDEX "claims_owner_list_idx";--> statement-breakpoint
DROP INDEX "claims_referrer_idx";--> statement-breakpoint
CREATE INDEX "receiving_accounts_active_idx" ON "receiving_accounts" USING btree ("currency_id") WHERE "receiving_accounts"."active";--> statement-breakpoint
CREATE INDEX "claims_owner_list_idx" ON "claims" USING btree ("user_id","created_at","uuid") WHERE "claims"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "claims_referrer_idx" ON "claims" USING btree ("referrer_id") WHERE "claims"."referrer_id" is not null;--> statement-breakpoint
-- A guest's claim (no owner) changes no account's list count: its insert no longer calls the counting function.
DROP TRIGGER claims_count_account_rows ON claims;--> statement-breakpoint
CREATE TRIGGER claims_count_account_rows AFTER DELETE OR UPDATE OF user_id ON claims
  FOR EACH ROW EXECUTE FUNCTION count_account_list_rows('claims');--> statement-breakpoint
CREATE TRIGGER claims_count_account_rows_insert AFTER INSERT ON claims
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION count_account_list_rows('claims');
