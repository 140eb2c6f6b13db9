-- Sessions opened before absolute lifetimes existed end 30 days from their first token.
ALTER TABLE "refresh_tokens" ADD COLUMN "session_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_tokens" AS "t" SET "session_expires_at" = "f"."started" + interval '30 days' FROM (SELECT "family_id", min("created_at") AS "started" FROM "refresh_tokens" GROUP BY "family_id") AS "f" WHERE "f"."family_id" = "t"."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "persistent" boolean DEFAULT true NOT NULL;
