CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"visitor_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"buy_now" boolean DEFAULT false NOT NULL,
	"lines" jsonb NOT NULL,
	"email" text,
	"accepts_marketing" boolean DEFAULT false NOT NULL,
	"shipping_address" jsonb,
	"as_shipping_address" boolean DEFAULT true NOT NULL,
	"billing_address" jsonb,
	"shipping_template_id" integer,
	"insurance" boolean DEFAULT false NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_token_key" ON "checkouts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "checkouts_visitor_idx" ON "checkouts" USING btree ("visitor_id");