ALTER TABLE "operators" ALTER COLUMN "totp_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ALTER COLUMN "requisites" SET DATA TYPE text;