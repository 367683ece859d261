CREATE TABLE "order_touches" (
	"order_id" integer NOT NULL,
	"touch" text NOT NULL,
	"source" text,
	"medium" text,
	"campaign" text,
	"term" text,
	"content" text,
	"landing_path" text NOT NULL,
	"touched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_touches_order_id_touch_pk" PRIMARY KEY("order_id","touch")
);
--> statement-breakpoint
CREATE TABLE "visitor_touches" (
	"visitor_id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"first_source" text,
	"first_medium" text,
	"first_campaign" text,
	"first_term" text,
	"first_content" text,
	"first_landing_path" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_source" text,
	"last_medium" text,
	"last_campaign" text,
	"last_term" text,
	"last_content" text,
	"last_landing_path" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_touches" ADD CONSTRAINT "order_touches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_touches" ADD CONSTRAINT "visitor_touches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_touches_customer_idx" ON "visitor_touches" USING btree ("customer_id");