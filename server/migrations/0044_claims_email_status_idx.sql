-- One index for a claimant's claims by e-mail and for their open unpaid ones: every new claim is unpaid, so the
-- partial index of those cost each insert a second write beside the e-mail index.
CREATE INDEX "claims_email_status_idx" ON "claims" USING btree ("email","status");--> statement-breakpoint
DROP INDEX "claims_email_idx";--> statement-breakpoint
DROP INDEX "claims_unpaid_email_idx";
