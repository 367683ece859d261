ALTER TABLE "return_requests" ADD COLUMN "shipping_refund" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_shipping_refund_key" ON "return_requests" USING btree ("order_id") WHERE shipping_refund is not null;