CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" uuid NOT NULL,
	"customer_id" integer,
	"policy_version" text NOT NULL,
	"analytics" boolean NOT NULL,
	"advertising" boolean NOT NULL,
	"source" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_visitor_idx" ON "consent_records" USING btree ("visitor_id","at");--> statement-breakpoint
CREATE INDEX "consent_records_customer_idx" ON "consent_records" USING btree ("customer_id");