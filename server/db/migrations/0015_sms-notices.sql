CREATE TABLE "sms_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"loan_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"phone_number" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"params" jsonb NOT NULL,
	"body" text,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"cost_currency" text,
	"cost_amount" numeric(12, 4),
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "sms_reminders_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_dedupe_unique" ON "sms_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_messages_loan_idx" ON "sms_messages" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "sms_messages_business_idx" ON "sms_messages" USING btree ("lender_business_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_status_idx" ON "sms_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_id_idx" ON "sms_messages" USING btree ("provider_message_id");