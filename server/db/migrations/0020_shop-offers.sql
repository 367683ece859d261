CREATE TABLE "checkout_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"products" text[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"upsell" jsonb NOT NULL,
	"downsell" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnel_offers" ALTER COLUMN "funnel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_offers" ALTER COLUMN "funnel_version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD COLUMN "trigger_id" integer;--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD COLUMN "terms" jsonb;--> statement-breakpoint
CREATE INDEX "checkout_triggers_position_idx" ON "checkout_triggers" USING btree ("position","id");--> statement-breakpoint
ALTER TABLE "funnel_offers" ADD CONSTRAINT "funnel_offers_source_check" CHECK (("funnel_offers"."funnel_id" is null) <> ("funnel_offers"."trigger_id" is null));