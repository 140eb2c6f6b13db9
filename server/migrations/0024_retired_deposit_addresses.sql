CREATE TABLE "retired_deposit_addresses" (
	"network" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retired_deposit_addresses_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
-- A retired address never comes back into a pool: an insert of one is dropped (an import counts it as skipped).
CREATE FUNCTION deposit_addresses_refuse_retired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM retired_deposit_addresses r WHERE r.network = NEW.network AND r.address = NEW.address) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deposit_addresses_refuse_retired BEFORE INSERT ON deposit_addresses
  FOR EACH ROW EXECUTE FUNCTION deposit_addresses_refuse_retired();
