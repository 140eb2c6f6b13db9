CREATE TABLE "partner_claims" (
	"claim_uuid" uuid PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" smallint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "partner_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24) NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"key_prefix" varchar(16) NOT NULL,
	"user_id" integer,
	"requests_per_minute" integer DEFAULT 120 NOT NULL,
	"allowed_ips" text[],
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "partners_name_unique" UNIQUE("name"),
	CONSTRAINT "partners_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "partner_claims" ADD CONSTRAINT "partner_claims_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_claims" ADD CONSTRAINT "partner_claims_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_attempts" ADD CONSTRAINT "partner_webhook_attempts_webhook_id_partner_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."partner_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_claim_uuid_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_claims_partner_idx" ON "partner_claims" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_attempts_webhook_idx" ON "partner_webhook_attempts" USING btree ("webhook_id","at");--> statement-breakpoint
CREATE INDEX "partner_webhooks_claim_pending_idx" ON "partner_webhooks" USING btree ("claim_uuid","id") WHERE "partner_webhooks"."delivered_at" is null and "partner_webhooks"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "partner_webhooks_due_idx" ON "partner_webhooks" USING btree ("next_attempt_at") WHERE "partner_webhooks"."delivered_at" is null and "partner_webhooks"."failed_at" is null;--> statement-breakpoint
-- A partner's claim is the one its Idempotency-Key row (scope `partner:<id>`) records, in the creating statement.
CREATE FUNCTION partner_claim_from_idempotency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_claims (claim_uuid, partner_id)
  VALUES ((NEW.body->>'uuid')::uuid, substring(NEW.scope from 9)::int)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER idempotency_keys_partner_claim AFTER UPDATE OF status ON idempotency_keys
  FOR EACH ROW WHEN (NEW.scope LIKE 'partner:%' AND NEW.status = 201 AND NEW.body ? 'uuid')
  EXECUTE FUNCTION partner_claim_from_idempotency();--> statement-breakpoint
-- The webhook outbox is written in the transaction of the change: the claim's first status when a partner's claim is
-- recorded, then every status move (claim_events is written by the one status-move statement).
CREATE FUNCTION partner_webhook_on_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_webhooks (partner_id, claim_uuid, from_status, to_status)
  SELECT p.id, c.uuid, NULL, c.status FROM partners p, claims c
  WHERE p.id = NEW.partner_id AND c.uuid = NEW.claim_uuid AND p.webhook_url IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER partner_claims_webhook AFTER INSERT ON partner_claims
  FOR EACH ROW EXECUTE FUNCTION partner_webhook_on_claim();--> statement-breakpoint
CREATE FUNCTION partner_webhook_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_webhooks (partner_id, claim_uuid, from_status, to_status)
  SELECT p.id, NEW.claim_uuid, NEW.from_status, NEW.to_status FROM partner_claims pc JOIN partners p ON p.id = pc.partner_id
  WHERE pc.claim_uuid = NEW.claim_uuid AND p.webhook_url IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER claim_events_partner_webhook AFTER INSERT ON claim_events
  FOR EACH ROW WHEN (NEW.from_status IS NOT NULL) EXECUTE FUNCTION partner_webhook_on_move();
