-- 0022's notify_claim_changed() named NEW.claim_uuid on claims rows too (PL/pgSQL resolves every field of the
-- expression, taken branch or not), so any status move failed. Deposits and payouts keep their own trigger
-- function; a claim's status change is announced by the move itself (moveLockedClaims), so claims get no trigger.
DROP TRIGGER IF EXISTS claims_status_claim_changed ON claims;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_claim_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('claim_changed', NEW.claim_uuid::text);
  RETURN NULL;
END
$$;
