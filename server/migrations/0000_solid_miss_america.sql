CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ru" varchar(200) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"prizes_ru" jsonb NOT NULL,
	"prizes_en" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name_ru" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"network" varchar(32),
	"kind" varchar(16) NOT NULL,
	"unit" varchar(16) NOT NULL,
	"icon" varchar(64) NOT NULL,
	"decimals" integer NOT NULL,
	"qr_scheme" varchar(16),
	"pay_comment_ru" text,
	"pay_comment_en" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"side" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"label_ru" varchar(100) NOT NULL,
	"label_en" varchar(100) NOT NULL,
	"placeholder_ru" varchar(100) DEFAULT '' NOT NULL,
	"placeholder_en" varchar(100) DEFAULT '' NOT NULL,
	"check" varchar(16) NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directions" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"course" numeric NOT NULL,
	"verification_course" numeric,
	"bonus" numeric DEFAULT '0' NOT NULL,
	"from_min" numeric,
	"from_min_verification" numeric,
	"from_max" numeric,
	"to_min" numeric,
	"to_min_verification" numeric,
	"to_max" numeric,
	"from_notify_ru" text,
	"from_notify_en" text,
	"to_notify_ru" text,
	"to_notify_en" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directions_course_positive" CHECK ("directions"."course" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"label_ru" varchar(100) NOT NULL,
	"label_en" varchar(100) NOT NULL,
	"value" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserves" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"amount" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserves_not_negative" CHECK ("reserves"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24) NOT NULL,
	"actor" varchar(16) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" varchar(24) NOT NULL,
	"email" varchar(254) NOT NULL,
	"user_id" integer,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"from_summa" numeric NOT NULL,
	"to_summa" numeric NOT NULL,
	"course" numeric NOT NULL,
	"with_verification_course" boolean DEFAULT false NOT NULL,
	"from_requisites" jsonb NOT NULL,
	"to_requisites" jsonb NOT NULL,
	"promocode_id" integer,
	"promocode" varchar(64),
	"referrer_id" integer,
	"locale" varchar(2) DEFAULT 'ru' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"reason" text,
	"bill_file" varchar(80),
	"bill_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_amounts_positive" CHECK ("claims"."from_summa" > 0 and "claims"."to_summa" > 0)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(500) NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocode_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promocode_id" integer NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"percent" numeric NOT NULL,
	"uses_total" integer NOT NULL,
	"uses_left" integer NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocodes_uses_left_not_negative" CHECK ("promocodes"."uses_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_balances_not_negative" CHECK ("referral_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"reason" varchar(32) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"source_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"requisites" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"referral_code" varchar(32) NOT NULL,
	"referred_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"verification_id" integer NOT NULL,
	"file_name" varchar(80) NOT NULL,
	"mime" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"card_masked" varchar(32) NOT NULL,
	"card_fingerprint" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "currency_fields" ADD CONSTRAINT "currency_fields_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_from_id_currencies_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_to_id_currencies_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_uses" ADD CONSTRAINT "promocode_uses_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_balances" ADD CONSTRAINT "referral_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_movements" ADD CONSTRAINT "referral_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tokens" ADD CONSTRAINT "mail_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_images" ADD CONSTRAINT "verification_images_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_unique" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_fields_unique" ON "currency_fields" USING btree ("currency_id","side","name");--> statement-breakpoint
CREATE UNIQUE INDEX "directions_pair_unique" ON "directions" USING btree ("from_id","to_id");--> statement-breakpoint
CREATE INDEX "payment_accounts_currency_idx" ON "payment_accounts" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_uuid","at");--> statement-breakpoint
CREATE INDEX "claims_status_deadline_idx" ON "claims" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_email_idx" ON "claims" USING btree ("email");--> statement-breakpoint
CREATE INDEX "claims_referrer_idx" ON "claims" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_unique" ON "news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_kind_published_idx" ON "news" USING btree ("kind","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promocode_uses_claim_unique" ON "promocode_uses" USING btree ("claim_uuid");--> statement-breakpoint
CREATE INDEX "promocode_uses_code_idx" ON "promocode_uses" USING btree ("promocode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code_unique" ON "promocodes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promocodes_user_idx" ON "promocodes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_movements_user_idx" ON "referral_movements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_movements_source_unique" ON "referral_movements" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_idx" ON "referral_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_tokens_hash_unique" ON "mail_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mail_tokens_user_idx" ON "mail_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_images_file_unique" ON "verification_images" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "verification_images_verification_idx" ON "verification_images" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_uuid_unique" ON "verifications" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "verifications_user_idx" ON "verifications" USING btree ("user_id","created_at");