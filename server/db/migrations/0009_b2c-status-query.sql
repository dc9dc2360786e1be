ALTER TABLE "mpesa_requests" ADD COLUMN "timed_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "status_query_id" text;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "status_queried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "status_queries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "mpesa_requests_status_query_idx" ON "mpesa_requests" USING btree ("status_query_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_pending_b2c_idx" ON "mpesa_requests" USING btree ("created_at") WHERE "mpesa_requests"."kind" = 'b2c' and "mpesa_requests"."status" = 'pending';