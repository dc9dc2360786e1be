CREATE TABLE "capital_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "capital_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"reference" text,
	"mpesa_request_id" bigint,
	"loan_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_transactions_balance_not_negative" CHECK ("capital_transactions"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" integer NOT NULL,
	"fine_rate" numeric(5, 2) NOT NULL,
	"fine_amount" numeric(14, 2) NOT NULL,
	"fine_balance" numeric(14, 2) NOT NULL,
	"accrued_on" date NOT NULL,
	"payment_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"mpesa_repayment_id" bigint,
	"fine_amount" numeric(14, 2) NOT NULL,
	"interest_amount" numeric(14, 2) NOT NULL,
	"principal_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_repayment_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_repayment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trans_id" text NOT NULL,
	"bill_ref_number" text NOT NULL,
	"business_short_code" text NOT NULL,
	"msisdn" text,
	"first_name" text,
	"amount" numeric(14, 2) NOT NULL,
	"trans_time" text,
	"verified" boolean DEFAULT false NOT NULL,
	"lender_business_id" bigint,
	"loan_id" bigint,
	"matched_by_user_id" bigint,
	"matched_at" timestamp with time zone,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mpesa_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"loan_id" bigint,
	"initiated_by_user_id" bigint,
	"phone_number" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"originator_conversation_id" text,
	"conversation_id" text,
	"result_code" text,
	"result_desc" text,
	"receipt" text,
	"raw_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"phone_number" text NOT NULL,
	"mpesa_request_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"mpesa_repayment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_records_total_not_negative" CHECK ("wallet_records"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "write_offs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "write_offs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD COLUMN "capital_balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "in_duplum_cap" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "defaulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "capital_transactions" ADD CONSTRAINT "capital_transactions_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_transactions" ADD CONSTRAINT "capital_transactions_mpesa_request_id_mpesa_requests_id_fk" FOREIGN KEY ("mpesa_request_id") REFERENCES "public"."mpesa_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_transactions" ADD CONSTRAINT "capital_transactions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_mpesa_repayment_id_mpesa_repayment_transactions_id_fk" FOREIGN KEY ("mpesa_repayment_id") REFERENCES "public"."mpesa_repayment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_repayment_transactions" ADD CONSTRAINT "mpesa_repayment_transactions_matched_by_user_id_users_id_fk" FOREIGN KEY ("matched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_initiated_by_user_id_users_id_fk" FOREIGN KEY ("initiated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_mpesa_request_id_mpesa_requests_id_fk" FOREIGN KEY ("mpesa_request_id") REFERENCES "public"."mpesa_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_records" ADD CONSTRAINT "wallet_records_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_records" ADD CONSTRAINT "wallet_records_mpesa_repayment_id_mpesa_repayment_transactions_id_fk" FOREIGN KEY ("mpesa_repayment_id") REFERENCES "public"."mpesa_repayment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_transactions_business_idx" ON "capital_transactions" USING btree ("lender_business_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fines_loan_kind_period_unique" ON "fines" USING btree ("loan_id","kind","period");--> statement-breakpoint
CREATE INDEX "fines_business_idx" ON "fines" USING btree ("lender_business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "loan_payments_loan_idx" ON "loan_payments" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_payments_business_idx" ON "loan_payments" USING btree ("lender_business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_repayment_transactions_trans_id_unique" ON "mpesa_repayment_transactions" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_repayment_transactions_business_idx" ON "mpesa_repayment_transactions" USING btree ("lender_business_id","verified");--> statement-breakpoint
CREATE INDEX "mpesa_repayment_transactions_loan_idx" ON "mpesa_repayment_transactions" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_requests_checkout_unique" ON "mpesa_requests" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_requests_originator_unique" ON "mpesa_requests" USING btree ("originator_conversation_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_conversation_idx" ON "mpesa_requests" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "mpesa_requests_business_idx" ON "mpesa_requests" USING btree ("lender_business_id");--> statement-breakpoint
CREATE INDEX "refunds_loan_idx" ON "refunds" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "wallet_records_loan_idx" ON "wallet_records" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "write_offs_loan_unique" ON "write_offs" USING btree ("loan_id");--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_capital_not_negative" CHECK ("lender_businesses"."capital_balance" >= 0);