-- The audit log is append-only: no writer (API, CLI, a job, a hand-typed statement) may change or remove a row.
-- The one update let through is the foreign key's own ON DELETE SET NULL when an operator row is deleted: it clears
-- operator_id and nothing else (the row keeps the actor's e-mail). Retention never prunes the audit log.
CREATE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.operator_id IS NULL
    AND (NEW.id, NEW.at, NEW.actor, NEW.action, NEW.target, NEW.before, NEW.after)
      IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor, OLD.action, OLD.target, OLD.before, OLD.after) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
