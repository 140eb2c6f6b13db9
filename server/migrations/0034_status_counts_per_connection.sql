-- A status change lands on the slot of the connection that makes it (of 64), not on a random one of 16: one
-- connection runs one transaction at a time, so concurrent claim inserts never wait on each other's count row.
CREATE OR REPLACE FUNCTION count_claim_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen_slot smallint := (pg_backend_pid() % 64)::smallint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO claim_status_counts (status, slot, rows) VALUES (OLD.status, chosen_slot, -1)
    ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO claim_status_counts (status, slot, rows) VALUES (NEW.status, chosen_slot, 1)
    ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows + 1;
  END IF;
  RETURN NULL;
END
$$;
