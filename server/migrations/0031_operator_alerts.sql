CREATE TABLE "operator_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"telegram_sent_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_open_key_unique" ON "operator_alerts" USING btree ("dedupe_key") WHERE "operator_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "operator_alerts_pending_idx" ON "operator_alerts" USING btree ("next_attempt_at") WHERE "operator_alerts"."sent_at" is null and "operator_alerts"."dropped_at" is null;