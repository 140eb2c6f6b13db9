-- A claim whose slot pick finds every slot that covers it held by other claims waits for one of them, no longer for
-- all 16: a claim holding every slot until its commit made each claim arriving meanwhile miss too and hold every
-- slot in turn, so claims of one currency queued one by one for as long as they kept coming (bench:claims: 70 % of
-- the claims' backends waiting on reserve_slots once the seeded slots ran low). All slots are pooled only when fewer
-- than half of them cover the amount, and not at all when, once they are held, one covers it (someone pooled them
-- meanwhile).
CREATE OR REPLACE FUNCTION reserve_take(currency integer, amount numeric) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  picked smallint;
  pooled numeric;
BEGIN
  SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency AND free >= amount
    ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND AND (SELECT count(*) FROM reserve_slots WHERE currency_id = currency AND free >= amount) >= 8 THEN
    -- Enough slots cover it and others hold them: wait for one (its newest version is checked again).
    SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency AND free >= amount
      ORDER BY random() LIMIT 1 FOR UPDATE;
  END IF;
  IF picked IS NULL THEN
    PERFORM 1 FROM reserve_slots WHERE currency_id = currency ORDER BY slot FOR UPDATE;
    SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency AND free >= amount ORDER BY random() LIMIT 1;
    IF picked IS NULL THEN
      SELECT sum(free) INTO pooled FROM reserve_slots WHERE currency_id = currency;
      IF pooled IS NULL OR pooled < amount THEN
        RETURN false;
      END IF;
      PERFORM reserve_spread(currency, pooled - amount);
      RETURN true;
    END IF;
  END IF;
  UPDATE reserve_slots SET free = free - amount, updated_at = now() WHERE currency_id = currency AND slot = picked;
  RETURN true;
END
$$;
