-- Claims per status kept by a trigger, so the console's counts do not read every claim ever made. A change lands
-- on one of 16 random slots of its status: concurrent claim inserts rarely wait on the same row.
CREATE FUNCTION count_claim_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO claim_status_counts (status, slot, rows) VALUES (OLD.status, slot, -1)
    ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO claim_status_counts (status, slot, rows) VALUES (NEW.status, slot, 1)
    ON CONFLICT (status, slot) DO UPDATE SET rows = claim_status_counts.rows + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER claims_count_statuses AFTER INSERT OR DELETE OR UPDATE OF status ON claims
  FOR EACH ROW EXECUTE FUNCTION count_claim_statuses();--> statement-breakpoint
INSERT INTO claim_status_counts (status, slot, rows) SELECT status, 0, count(*) FROM claims GROUP BY status;--> statement-breakpoint
-- Every requisite value of a claim (both sides), lowercased without spaces: what the console's search box matches
-- exactly through the GIN index below (an address, a card number typed with or without spaces, a comment).
CREATE FUNCTION claim_requisite_values(from_requisites jsonb, to_requisites jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(replace(value, ' ', ''))), '{}')
  FROM (SELECT value FROM jsonb_each_text(from_requisites) UNION ALL SELECT value FROM jsonb_each_text(to_requisites)) requisite
$$;--> statement-breakpoint
CREATE INDEX claims_requisite_values_idx ON claims USING gin (claim_requisite_values(from_requisites, to_requisites));
