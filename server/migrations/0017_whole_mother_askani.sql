CREATE TABLE "deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"network" varchar(16) NOT NULL,
	"address" varchar(128) NOT NULL,
	"claim_uuid" uuid,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"number" varchar(64) NOT NULL,
	"holder" varchar(100),
	"bank" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "receiving_account_id" integer;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_accounts" ADD CONSTRAINT "receiving_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_unique" ON "deposit_addresses" USING btree ("address","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_claim_unique" ON "deposit_addresses" USING btree ("claim_uuid");--> statement-breakpoint
CREATE INDEX "deposit_addresses_free_idx" ON "deposit_addresses" USING btree ("currency_id","id") WHERE "deposit_addresses"."claim_uuid" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_accounts_number_unique" ON "receiving_accounts" USING btree ("currency_id","number");--> statement-breakpoint
CREATE INDEX "receiving_accounts_pick_idx" ON "receiving_accounts" USING btree ("currency_id","last_used_at" NULLS FIRST,"id") WHERE "receiving_accounts"."active";--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;