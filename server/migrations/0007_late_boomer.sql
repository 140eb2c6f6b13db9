CREATE TABLE "account_list_counts" (
	"user_id" integer NOT NULL,
	"list" varchar(32) NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_list_counts_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
DROP INDEX "claims_user_idx";--> statement-breakpoint
DROP INDEX "referral_movements_user_idx";--> statement-breakpoint
ALTER TABLE "account_list_counts" ADD CONSTRAINT "account_list_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_owner_list_idx" ON "claims" USING btree ("user_id","created_at","uuid");--> statement-breakpoint
CREATE INDEX "referral_movements_list_idx" ON "referral_movements" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_tokens_expires_idx" ON "mail_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");