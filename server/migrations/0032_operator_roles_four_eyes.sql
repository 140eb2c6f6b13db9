CREATE TABLE "pending_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"target" varchar(128) NOT NULL,
	"payload" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"proposed_by" integer,
	"proposed_by_email" varchar(254) NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_by_email" varchar(254),
	"decided_at" timestamp with time zone,
	"decision" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "role" varchar(16) DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_changes_open_idx" ON "pending_changes" USING btree ("proposed_at") WHERE decision is null;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_known" CHECK ("role" IN ('admin', 'operator', 'auditor'));--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_decision_known" CHECK ("decision" IS NULL OR "decision" IN ('approved', 'rejected'));
