CREATE TABLE "idempotency_keys" (
	"scope" varchar(80) NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "held" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "hold" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_held_not_negative" CHECK ("reserves"."held" >= 0);--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_held_within_amount" CHECK ("reserves"."held" <= "reserves"."amount");--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_hold_within_payout" CHECK ("claims"."hold" >= 0 and "claims"."hold" <= "claims"."to_summa");