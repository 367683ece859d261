CREATE TABLE "evergreen_deadlines" (
	"visitor_id" text NOT NULL,
	"page" text NOT NULL,
	"block" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evergreen_deadlines_visitor_id_page_block_pk" PRIMARY KEY("visitor_id","page","block")
);
--> statement-breakpoint
CREATE TABLE "funnel_assignments" (
	"funnel_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_assignments_funnel_id_step_id_visitor_id_pk" PRIMARY KEY("funnel_id","step_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"variant" text,
	"visitor_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"amount_base" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_offers" (
	"token" text PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"funnel_version" integer NOT NULL,
	"step_id" text NOT NULL,
	"main_order_id" integer NOT NULL,
	"order_id" integer,
	"path" text,
	"status" text DEFAULT 'shown' NOT NULL,
	"next" text,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "funnel_id" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "funnel_version" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "funnel_step" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_step" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_next" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_order_id" integer;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD CONSTRAINT "funnel_offers_main_order_id_orders_id_fk" FOREIGN KEY ("main_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_events_funnel_idx" ON "funnel_events" USING btree ("funnel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_offers_order_step_key" ON "funnel_offers" USING btree ("main_order_id","step_id");--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE INDEX "orders_funnel_idx" ON "orders" USING btree ("funnel_id","created_at");