-- A status change updates its slot's row in place and inserts one only when the row is missing. The upsert alone
-- locked the row it found before updating it (one Heap/LOCK WAL record per claim, besides the update) and probed
-- the key for a conflict first; a plain UPDATE does neither. The upsert stays for the first change of a
-- status on a slot, and for two connections of the same slot creating the row at once.
CREATE OR REPLACE FUNCTION count_claim_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chosen_slot smallint := (pg_backend_pid() % 64)::smallint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE claim_status_counts SET rows = rows - 1 WHERE status = OLD.status AND slot = chosen_slot;
    IF NOT FOUND THEN
      INSERT INTO claim_status_counts (status, slot, rows) VALUES (OLD.status, chosen_slot, -1)
      ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows - 1;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE claim_status_counts SET rows = rows + 1 WHERE status = NEW.status AND slot = chosen_slot;
    IF NOT FOUND THEN
      INSERT INTO claim_status_counts (status, slot, rows) VALUES (NEW.status, chosen_slot, 1)
      ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
