CREATE TABLE "export_withheld" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction_id" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"detail" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_withheld" ADD CONSTRAINT "export_withheld_direction_id_directions_id_fk" FOREIGN KEY ("direction_id") REFERENCES "public"."directions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_withheld_open_unique" ON "export_withheld" USING btree ("direction_id") WHERE "export_withheld"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "export_withheld_first_seen_idx" ON "export_withheld" USING btree ("first_seen_at");