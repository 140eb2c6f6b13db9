CREATE TABLE "claim_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"status" varchar(24) NOT NULL,
	"announces_creation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "created_signed_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_mails" ADD CONSTRAINT "claim_mails_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_mails_due_idx" ON "claim_mails" USING btree ("retry_at") WHERE "claim_mails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "claim_mails_claim_idx" ON "claim_mails" USING btree ("claim_uuid");