ALTER TABLE "currencies" ADD COLUMN "city" varchar(16);--> statement-breakpoint
-- Cash currencies seeded before the column existed: the demo cash office is in Moscow.
UPDATE "currencies" SET "city" = 'MSK' WHERE "kind" = 'cash' AND "city" IS NULL;
