CREATE TABLE "agent_businesses" (
	"agent_id" bigint NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"lender_business_area_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_businesses_agent_id_lender_business_id_pk" PRIMARY KEY("agent_id","lender_business_id")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" bigint PRIMARY KEY NOT NULL,
	"lender_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"id_number" text NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_business_areas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_business_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"repayment_cycle_id" bigint NOT NULL,
	"name" text NOT NULL,
	"duration_in_days" integer NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"processing_fee" numeric(5, 2) NOT NULL,
	"fine_rate_within_loan_period" numeric(5, 2) NOT NULL,
	"fine_rate_over_loan_period" numeric(5, 2) NOT NULL,
	"grace_period_within_loan_period" numeric(5, 2) NOT NULL,
	"grace_period_over_loan_period" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_plans_duration_positive" CHECK ("loan_plans"."duration_in_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "repayment_cycles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"name" text NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repayment_cycles_days_range" CHECK ("repayment_cycles"."days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "agent_businesses" ADD CONSTRAINT "agent_businesses_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_businesses" ADD CONSTRAINT "agent_businesses_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_businesses" ADD CONSTRAINT "agent_businesses_lender_business_area_id_lender_business_areas_id_fk" FOREIGN KEY ("lender_business_area_id") REFERENCES "public"."lender_business_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_business_areas" ADD CONSTRAINT "lender_business_areas_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_plans" ADD CONSTRAINT "loan_plans_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_plans" ADD CONSTRAINT "loan_plans_repayment_cycle_id_repayment_cycles_id_fk" FOREIGN KEY ("repayment_cycle_id") REFERENCES "public"."repayment_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_cycles" ADD CONSTRAINT "repayment_cycles_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_businesses_business_idx" ON "agent_businesses" USING btree ("lender_business_id");--> statement-breakpoint
CREATE INDEX "agents_lender_idx" ON "agents" USING btree ("lender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lender_business_areas_name_unique" ON "lender_business_areas" USING btree ("lender_business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "loan_plans_business_idx" ON "loan_plans" USING btree ("lender_business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_cycles_name_unique" ON "repayment_cycles" USING btree ("lender_business_id",lower("name"));