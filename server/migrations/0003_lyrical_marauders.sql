CREATE TABLE "claim_receipts" (
	"claim_uuid" uuid PRIMARY KEY NOT NULL,
	"mime" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploads" integer DEFAULT 1 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Counters only: unlogged (no WAL on the hot path); a crash merely resets the current windows.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"bucket" varchar(400) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Photos stored on one instance's disk before this cannot be moved by SQL: such rows keep an empty image.
ALTER TABLE "verification_images" ADD COLUMN "bytes" "bytea" DEFAULT '\x'::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_images" ALTER COLUMN "bytes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "claim_receipts" ADD CONSTRAINT "claim_receipts_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;