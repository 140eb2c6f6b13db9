CREATE TABLE "claim_status_counts" (
	"status" varchar(24) NOT NULL,
	"slot" smallint NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "claim_status_counts_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
ALTER TABLE "claim_mails" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_direction_created_idx" ON "claims" USING btree ("from_currency_id","to_currency_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_from_summa_idx" ON "claims" USING btree ("from_summa");--> statement-breakpoint
CREATE INDEX "claims_to_summa_idx" ON "claims" USING btree ("to_summa");