CREATE TABLE "currency_deposit_keys" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" varchar(16) NOT NULL,
	"extended_key" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "client_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "key_id" integer;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "derivation_index" integer;--> statement-breakpoint
ALTER TABLE "currency_deposit_keys" ADD CONSTRAINT "currency_deposit_keys_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_deposit_keys" ADD CONSTRAINT "currency_deposit_keys_key_id_deposit_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."deposit_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_keys_network_key_unique" ON "deposit_keys" USING btree ("network","extended_key");--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_key_id_deposit_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."deposit_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_unpaid_email_idx" ON "claims" USING btree ("email") WHERE "claims"."status" in ('new', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "claims_unpaid_client_ip_idx" ON "claims" USING btree ("client_ip") WHERE "claims"."status" in ('new', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "deposit_addresses_reusable_idx" ON "deposit_addresses" USING btree ("currency_id","id") WHERE "deposit_addresses"."claim_uuid" is not null and "deposit_addresses"."received_at" is null and "deposit_addresses"."key_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_key_index_unique" ON "deposit_addresses" USING btree ("key_id","derivation_index");