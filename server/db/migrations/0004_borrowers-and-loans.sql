CREATE TABLE "borrowers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "borrowers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"lender_business_area_id" bigint,
	"referring_borrower_id" bigint,
	"registered_by_user_id" bigint,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"alternative_phone_number" text,
	"gender" text NOT NULL,
	"dob" date NOT NULL,
	"next_of_kin_name" text NOT NULL,
	"next_of_kin_number" text NOT NULL,
	"next_of_kin_relation" text NOT NULL,
	"id_number" text NOT NULL,
	"passport_photo_id" bigint,
	"id_front_id" bigint,
	"id_back_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"loan_limit" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"day_offset" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_code" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"lender_loan_plan_id" bigint NOT NULL,
	"requester_user_id" bigint,
	"approver_user_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"principal_amount" numeric(14, 2) NOT NULL,
	"processing_fee" numeric(14, 2) NOT NULL,
	"interest_amount" numeric(14, 2) NOT NULL,
	"initial_amount" numeric(14, 2) NOT NULL,
	"disbursement_amount" numeric(14, 2) NOT NULL,
	"outstanding_amount" numeric(14, 2) NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"processing_fee_rate" numeric(5, 2) NOT NULL,
	"duration_in_days" integer NOT NULL,
	"cycle_days" integer NOT NULL,
	"fine_rate_within_loan_period" numeric(5, 2) NOT NULL,
	"fine_rate_over_loan_period" numeric(5, 2) NOT NULL,
	"grace_period_within_loan_period" numeric(5, 2) NOT NULL,
	"grace_period_over_loan_period" numeric(5, 2) NOT NULL,
	"application_date" timestamp with time zone DEFAULT now() NOT NULL,
	"disbursement_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_lender_business_area_id_lender_business_areas_id_fk" FOREIGN KEY ("lender_business_area_id") REFERENCES "public"."lender_business_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_referring_borrower_id_borrowers_id_fk" FOREIGN KEY ("referring_borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_registered_by_user_id_users_id_fk" FOREIGN KEY ("registered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_passport_photo_id_documents_id_fk" FOREIGN KEY ("passport_photo_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_id_front_id_documents_id_fk" FOREIGN KEY ("id_front_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_id_back_id_documents_id_fk" FOREIGN KEY ("id_back_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_lender_loan_plan_id_loan_plans_id_fk" FOREIGN KEY ("lender_loan_plan_id") REFERENCES "public"."loan_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_business_phone_unique" ON "borrowers" USING btree ("lender_business_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_business_id_number_unique" ON "borrowers" USING btree ("lender_business_id",lower("id_number"));--> statement-breakpoint
CREATE INDEX "borrowers_business_idx" ON "borrowers" USING btree ("lender_business_id","status");--> statement-breakpoint
CREATE INDEX "borrowers_registered_by_idx" ON "borrowers" USING btree ("registered_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_instalments_loan_number_unique" ON "loan_instalments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_code_unique" ON "loans" USING btree ("loan_code");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_borrower" ON "loans" USING btree ("borrower_id") WHERE "loans"."status" in ('pending', 'disbursing', 'active', 'default');--> statement-breakpoint
CREATE INDEX "loans_business_status_idx" ON "loans" USING btree ("lender_business_id","status");--> statement-breakpoint
CREATE INDEX "loans_borrower_idx" ON "loans" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "loans_requester_idx" ON "loans" USING btree ("requester_user_id");