-- The console's search by requisite compares keyed digests (server/claims/requisiteDigests.ts) instead of the stored
-- values, which under DATA_KEY are sealed with a random nonce and never equal what an operator types. Claims stored
-- before this have none (null) until the next startup computes them (claims_undigested_idx finds them).
ALTER TABLE "claims" ADD COLUMN "requisite_digests" text[];--> statement-breakpoint
CREATE INDEX "claims_requisite_digests_idx" ON "claims" USING gin ("requisite_digests");--> statement-breakpoint
CREATE INDEX "claims_undigested_idx" ON "claims" USING btree ("uuid") WHERE "claims"."requisite_digests" is null;--> statement-breakpoint
-- The index over the values themselves found nothing once they were sealed, and cost every insert a function call.
DROP INDEX "claims_requisite_values_idx";--> statement-breakpoint
DROP FUNCTION claim_requisite_values(jsonb, jsonb);
