CREATE TABLE "direction_formulas" (
	"direction_id" integer PRIMARY KEY NOT NULL,
	"course_formula" text NOT NULL,
	"verified_formula" text,
	"round_decimals" smallint,
	"max_step_percent" numeric,
	"held_course" numeric,
	"held_verified_course" numeric,
	"held_inputs" jsonb,
	"held_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direction_formulas_round_range" CHECK ("direction_formulas"."round_decimals" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"detail" text NOT NULL,
	"course" numeric,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction_id" integer NOT NULL,
	"course" numeric NOT NULL,
	"verification_course" numeric,
	"inputs" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_quotes" (
	"source" varchar(32) NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"price" numeric NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_quotes_source_symbol_pk" PRIMARY KEY("source","symbol"),
	CONSTRAINT "rate_quotes_price_positive" CHECK ("rate_quotes"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_refresh_slot" (
	"id" smallint PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "rate_sources" (
	"source" varchar(32) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "direction_formulas" ADD CONSTRAINT "direction_formulas_direction_id_directions_id_fk" FOREIGN KEY ("direction_id") REFERENCES "public"."directions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_events" ADD CONSTRAINT "rate_events_direction_id_directions_id_fk" FOREIGN KEY ("direction_id") REFERENCES "public"."directions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_history" ADD CONSTRAINT "rate_history_direction_id_directions_id_fk" FOREIGN KEY ("direction_id") REFERENCES "public"."directions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_events_at_idx" ON "rate_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "rate_events_direction_idx" ON "rate_events" USING btree ("direction_id","at");--> statement-breakpoint
CREATE INDEX "rate_history_direction_at_idx" ON "rate_history" USING btree ("direction_id","at");--> statement-breakpoint
CREATE INDEX "rate_history_at_idx" ON "rate_history" USING btree ("at");