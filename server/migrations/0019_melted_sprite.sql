ALTER TABLE "directions" ADD COLUMN "card_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "card_fingerprint" varchar(64);