CREATE TABLE "chain_confirmations" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"confirmations" integer NOT NULL,
	CONSTRAINT "chain_confirmations_positive" CHECK ("chain_confirmations"."confirmations" >= 1)
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"currency_id" integer NOT NULL,
	"address" varchar(128) NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"output_index" integer NOT NULL,
	"amount" numeric NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"block_height" bigint,
	"block_hash" varchar(128),
	"status" varchar(16) NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"flag" varchar(16),
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_amount_positive" CHECK ("chain_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "chain_watch_slots" (
	"chain" varchar(16) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"scanned_height" bigint
);
--> statement-breakpoint
CREATE TABLE "claim_payouts" (
	"claim_uuid" uuid PRIMARY KEY NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer,
	"check" varchar(16) DEFAULT 'pending' NOT NULL,
	"amount_seen" numeric,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"note" text,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chain_confirmations" ADD CONSTRAINT "chain_confirmations_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_output_unique" ON "chain_deposits" USING btree ("currency_id","tx_hash","output_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_claim_idx" ON "chain_deposits" USING btree ("claim_uuid","first_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_counted_unique" ON "chain_deposits" USING btree ("claim_uuid") WHERE "chain_deposits"."counted";--> statement-breakpoint
-- `claim_changed` carries a claim's uuid whenever its status, one of its chain deposits or its recorded payout
-- changes (delivered at commit, deduplicated per transaction): the live claim page and the console listen to it.
CREATE FUNCTION notify_claim_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('claim_changed', (CASE WHEN TG_TABLE_NAME = 'claims' THEN NEW.uuid ELSE NEW.claim_uuid END)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chain_deposits_claim_changed AFTER INSERT OR UPDATE ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION notify_claim_changed();--> statement-breakpoint
CREATE TRIGGER claim_payouts_claim_changed AFTER INSERT OR UPDATE ON claim_payouts
  FOR EACH ROW EXECUTE FUNCTION notify_claim_changed();--> statement-breakpoint
CREATE TRIGGER claims_status_claim_changed AFTER UPDATE OF status, reason ON claims
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reason IS DISTINCT FROM NEW.reason)
  EXECUTE FUNCTION notify_claim_changed();
