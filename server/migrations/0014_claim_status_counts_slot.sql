-- The counter trigger of 0013 named its variable like the column "slot", which PL/pgSQL refuses as ambiguous in
-- ON CONFLICT: the same function with the variable renamed.
CREATE OR REPLACE FUNCTION count_claim_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen_slot smallint := floor(random() * 16)::smallint;
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
