-- A claim names its currencies and its receiving account by id. As foreign keys, each was checked at every claim
-- insert by a query that locked the referenced row (FOR KEY SHARE): three lookups and three WAL records per claim,
-- on currency rows every concurrent claim shares. Nothing deletes a currency or an account (they are switched off),
-- so that is now the rule, kept by triggers: no row of either is ever deleted, truncated or renumbered, and no claim
-- can name one that is gone.
ALTER TABLE "claims" DROP CONSTRAINT "claims_from_currency_id_currencies_id_fk";--> statement-breakpoint
ALTER TABLE "claims" DROP CONSTRAINT "claims_to_currency_id_currencies_id_fk";--> statement-breakpoint
ALTER TABLE "claims" DROP CONSTRAINT "claims_receiving_account_id_receiving_accounts_id_fk";--> statement-breakpoint
CREATE FUNCTION refuse_removing_claimable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted or renumbered: claims name them by id; switch one off instead', TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER currencies_kept BEFORE DELETE ON currencies
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_claimable();--> statement-breakpoint
CREATE TRIGGER currencies_kept_ids BEFORE UPDATE OF id ON currencies
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_removing_claimable();--> statement-breakpoint
CREATE TRIGGER currencies_kept_whole BEFORE TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_removing_claimable();--> statement-breakpoint
CREATE TRIGGER receiving_accounts_kept BEFORE DELETE ON receiving_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_claimable();--> statement-breakpoint
CREATE TRIGGER receiving_accounts_kept_ids BEFORE UPDATE OF id ON receiving_accounts
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION refuse_removing_claimable();--> statement-breakpoint
CREATE TRIGGER receiving_accounts_kept_whole BEFORE TRUNCATE ON receiving_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_removing_claimable();
