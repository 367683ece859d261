CREATE TABLE "card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_gifts" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"sku_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"email_key" text
);
--> statement-breakpoint
CREATE TABLE "fulfillment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"description" jsonb NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"happened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" integer,
	"idempotency_key" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "recovery_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "recovery_key" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text GENERATED ALWAYS AS ('VG-' || (10000 + id)::text) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "totals" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_base" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_template_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepts_marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_gifts" ADD CONSTRAINT "cart_gifts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gifts" ADD CONSTRAINT "cart_gifts_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gifts" ADD CONSTRAINT "cart_gifts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillment_events" ADD CONSTRAINT "fulfillment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_email_key" ON "coupon_uses" USING btree ("coupon_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order_key" ON "coupon_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfillment_events_order_idx" ON "fulfillment_events" USING btree ("order_id","happened_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_recovery_key" ON "checkouts" USING btree ("recovery_key");--> statement-breakpoint
CREATE INDEX "checkouts_abandoned_idx" ON "checkouts" USING btree ("updated_at") WHERE status = 'open' and email is not null and recovery_sent_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_key" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tracking_key" ON "orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");