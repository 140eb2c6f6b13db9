CREATE TABLE "reserve_slots" (
	"currency_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"free" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_slots_currency_id_slot_pk" PRIMARY KEY("currency_id","slot"),
	CONSTRAINT "reserve_slots_not_negative" CHECK ("reserve_slots"."free" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reserves" DROP CONSTRAINT "reserves_held_not_negative";--> statement-breakpoint
ALTER TABLE "reserves" DROP CONSTRAINT "reserves_held_within_amount";--> statement-breakpoint
ALTER TABLE "reserve_slots" ADD CONSTRAINT "reserve_slots_currency_id_reserves_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."reserves"("currency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The free part of each reserve as 16 slots (an escrow): a claim takes its payout from one slot no other claim
-- holds, so concurrent claims of one currency do not queue on one row until each commits.
CREATE FUNCTION reserve_spread(currency integer, total numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  share numeric := trunc(total / 16, 12);
BEGIN
  -- The caller holds every slot of the currency (or is creating them).
  INSERT INTO reserve_slots (currency_id, slot, free, updated_at)
  SELECT currency, s, CASE WHEN s = 15 THEN total - share * 15 ELSE share END, now() FROM generate_series(0, 15) s
  ON CONFLICT (currency_id, slot) DO UPDATE SET free = excluded.free, updated_at = now();
END
$$;--> statement-breakpoint
INSERT INTO reserve_slots (currency_id, slot, free)
  SELECT r.currency_id, s, CASE WHEN s = 15 THEN (r.amount - r.held) - trunc((r.amount - r.held) / 16, 12) * 15
    ELSE trunc((r.amount - r.held) / 16, 12) END
  FROM reserves r CROSS JOIN generate_series(0, 15) s;--> statement-breakpoint
-- Takes `amount` of a currency's free reserve for a payout; false (nothing taken) when not that much is free.
-- First from one slot that covers it and that no one else holds, without waiting; else it waits for every slot,
-- pools them and spreads what is left again.
CREATE FUNCTION reserve_take(currency integer, amount numeric) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  picked smallint;
  pooled numeric;
BEGIN
  SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency AND free >= amount
    ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE reserve_slots SET free = free - amount, updated_at = now() WHERE currency_id = currency AND slot = picked;
    RETURN true;
  END IF;
  PERFORM 1 FROM reserve_slots WHERE currency_id = currency ORDER BY slot FOR UPDATE;
  SELECT sum(free) INTO pooled FROM reserve_slots WHERE currency_id = currency;
  IF pooled IS NULL OR pooled < amount THEN
    RETURN false;
  END IF;
  PERFORM reserve_spread(currency, pooled - amount);
  RETURN true;
END
$$;--> statement-breakpoint
-- Gives a released hold back to the free reserve: into a slot no one holds, else the first one, waiting for it.
CREATE FUNCTION reserve_release(currency integer, amount numeric) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  picked smallint;
BEGIN
  IF amount = 0 THEN
    RETURN amount;
  END IF;
  SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    SELECT slot INTO picked FROM reserve_slots WHERE currency_id = currency ORDER BY slot LIMIT 1 FOR UPDATE;
  END IF;
  UPDATE reserve_slots SET free = free + amount, updated_at = now() WHERE currency_id = currency AND slot = picked;
  RETURN amount;
END
$$;--> statement-breakpoint
-- Whoever changes a reserve's amount (an operator, a payout, the seed, a restore) changes its free part alike. Below
-- what open claims hold it is refused as the CHECK it replaces was (same constraint name, callers read it).
CREATE FUNCTION reserves_amount_to_slots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric;
  pooled numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reserve_spread(NEW.currency_id, NEW.amount);
    RETURN NULL;
  END IF;
  delta := NEW.amount - OLD.amount;
  IF delta > 0 THEN
    PERFORM reserve_release(NEW.currency_id, delta);
  ELSIF delta < 0 THEN
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
$$;--> statement-breakpoint
CREATE TRIGGER reserves_amount_slots AFTER INSERT OR UPDATE OF amount ON reserves
  FOR EACH ROW EXECUTE FUNCTION reserves_amount_to_slots();--> statement-breakpoint
ALTER TABLE "reserves" DROP COLUMN "held";--> statement-breakpoint
-- A reserve as read: held by open claims = amount − free; its last change counts the holds.
CREATE VIEW reserve_balances AS
  SELECT r.currency_id, r.amount, r.amount - coalesce(s.free, 0) AS held, coalesce(s.free, 0) AS available,
    greatest(r.updated_at, s.updated_at) AS updated_at
  FROM reserves r
  LEFT JOIN (SELECT currency_id, sum(free) AS free, max(updated_at) AS updated_at FROM reserve_slots GROUP BY currency_id) s
    USING (currency_id);
