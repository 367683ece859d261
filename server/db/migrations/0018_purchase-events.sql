CREATE TABLE "order_ad_consents" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"analytics" boolean NOT NULL,
	"advertising" boolean NOT NULL,
	"chosen" boolean NOT NULL,
	"policy_version" text,
	"chosen_at" timestamp with time zone,
	"match" jsonb,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_event_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_event_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"platform" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"last_error" text,
	"response" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_ad_consents" ADD CONSTRAINT "order_ad_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_event_outbox" ADD CONSTRAINT "server_event_outbox_purchase_event_id_purchase_events_id_fk" FOREIGN KEY ("purchase_event_id") REFERENCES "public"."purchase_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_event_outbox" ADD CONSTRAINT "server_event_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_events_order_key" ON "purchase_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_events_event_key" ON "purchase_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_event_outbox_order_platform_key" ON "server_event_outbox" USING btree ("order_id","platform");--> statement-breakpoint
CREATE INDEX "server_event_outbox_due_idx" ON "server_event_outbox" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "server_event_outbox_created_idx" ON "server_event_outbox" USING btree ("created_at");