CREATE TABLE "password_gate_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"ip" text NOT NULL,
	"request_id" text NOT NULL,
	"patch" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_gate_failures_ip_idx" ON "password_gate_failures" USING btree ("ip","at");