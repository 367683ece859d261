CREATE TABLE "form_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"ip" text NOT NULL,
	"email_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"event" text NOT NULL,
	"source" text,
	"text_key" text NOT NULL,
	"text_version" integer NOT NULL,
	"text" text NOT NULL,
	"locale" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"customer_id" integer,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shopper_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"rating" smallint,
	"message" text NOT NULL,
	"page_path" text,
	"locale" text NOT NULL,
	"ip" text NOT NULL,
	"customer_id" integer,
	"failed_checks" text[] DEFAULT '{}'::text[] NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_messages" ADD CONSTRAINT "shopper_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_attempts_ip_idx" ON "form_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "form_attempts_email_idx" ON "form_attempts" USING btree ("email_key","at");--> statement-breakpoint
CREATE INDEX "newsletter_consents_subscriber_idx" ON "newsletter_consents" USING btree ("subscriber_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_state_idx" ON "newsletter_subscribers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "shopper_messages_kind_idx" ON "shopper_messages" USING btree ("kind","created_at");