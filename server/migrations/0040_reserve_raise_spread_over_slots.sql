-- A raised reserve is spread over all 16 slots, as a lowered one already was, instead of landing in one slot: the
-- other slots then ran low long before it, and every claim arriving meanwhile found few slots to take from (in
-- bench:claims, half of the claims' backend samples waited on reserve_slots after its reserve was raised). The raise
-- waits for the claims holding slots to commit, as a lowering does.
CREATE OR REPLACE FUNCTION reserves_amount_to_slots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric;
  pooled numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reserve_spread(NEW.currency_id, NEW.amount);
    RETURN NULL;
  END IF;
  delta := NEW.amount - OLD.amount;
  IF delta <> 0 THEN
    PERFORM 1 FROM reserve_slots WHERE currency_id = NEW.currency_id ORDER BY slot FOR UPDATE;
    SELECT coalesce(sum(free), 0) INTO pooled FROM reserve_slots WHERE currency_id = NEW.currency_id;
    IF pooled + delta < 0 THEN
      RAISE EXCEPTION 'the reserve of currency % would be below what open claims hold', NEW.currency_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'reserves_held_within_amount', TABLE = 'reserves';
    END IF;
    PERFORM reserve_spread(NEW.currency_id, pooled + delta);
  END IF;
  RETURN NULL;
END
$$;
