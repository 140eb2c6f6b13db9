CREATE TABLE "claim_repricings" (
	"claim_uuid" uuid PRIMARY KEY NOT NULL,
	"old_course" numeric NOT NULL,
	"new_course" numeric NOT NULL,
	"old_to_summa" numeric NOT NULL,
	"new_to_summa" numeric NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_mails" ADD COLUMN "announces_repricing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_repricings" ADD CONSTRAINT "claim_repricings_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;