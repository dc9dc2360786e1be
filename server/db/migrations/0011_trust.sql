CREATE TABLE "auth_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_request_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mpesa_request_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_simulator_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_simulator_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"payment" jsonb NOT NULL,
	"callback_url" text NOT NULL,
	"callback_body" jsonb NOT NULL,
	"deliver_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "mpesa_requests" ALTER COLUMN "lender_business_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD COLUMN "paybill_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD COLUMN "paybill_verified_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD COLUMN "anomaly" text;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD COLUMN "assigned_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD COLUMN "payer_refund_request_id" bigint;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "reported_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "decided_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "mpesa_request_events" ADD CONSTRAINT "mpesa_request_events_mpesa_request_id_mpesa_requests_id_fk" FOREIGN KEY ("mpesa_request_id") REFERENCES "public"."mpesa_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_request_events_request_idx" ON "mpesa_request_events" USING btree ("mpesa_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_simulator_payments_reference_unique" ON "mpesa_simulator_payments" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "mpesa_simulator_payments_due_idx" ON "mpesa_simulator_payments" USING btree ("deliver_at") WHERE "mpesa_simulator_payments"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_paybill_verified_by_user_id_users_id_fk" FOREIGN KEY ("paybill_verified_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_payer_refund_request_id_mpesa_requests_id_fk" FOREIGN KEY ("payer_refund_request_id") REFERENCES "public"."mpesa_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_repayment_transactions_unassigned_idx" ON "mpesa_repayment_transactions" USING btree ("id") WHERE "mpesa_repayment_transactions"."lender_business_id" is null and "mpesa_repayment_transactions"."loan_id" is null;--> statement-breakpoint
-- TransIDs are compared without letter case: store them upper-case. A receipt already
-- stored in another case keeps a marked id, so nothing is lost or merged silently.
UPDATE "mpesa_repayment_transactions" t
SET "trans_id" = upper(t."trans_id") || CASE WHEN EXISTS (
      SELECT 1 FROM "mpesa_repayment_transactions" o
      WHERE upper(o."trans_id") = upper(t."trans_id") AND o."id" < t."id"
    ) THEN '-DUP' || t."id" ELSE '' END
WHERE t."trans_id" <> upper(t."trans_id");--> statement-breakpoint
-- Claims of requests that died before answering: the work is now committed together
-- with its answer, so an unanswered claim holds nothing.
DELETE FROM "idempotency_keys" WHERE "status_code" IS NULL;--> statement-breakpoint
-- Businesses already active were activated when an admin approved their lender after
-- reviewing their documents: their paybills count as verified. Later ones wait.
UPDATE "lender_businesses" SET "paybill_verified_at" = now()
WHERE "status" = 'active' AND "paybill_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_trans_id_upper" CHECK ("mpesa_repayment_transactions"."trans_id" = upper("mpesa_repayment_transactions"."trans_id"));
