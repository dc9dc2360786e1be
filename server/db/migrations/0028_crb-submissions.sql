CREATE TABLE "crb_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crb_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"lender_business_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"sms_message_id" bigint,
	"noticed_at" timestamp with time zone NOT NULL,
	"deadline" date NOT NULL,
	"balance" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crb_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crb_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_business_id" bigint NOT NULL,
	"month" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"consumer_file" text NOT NULL,
	"account_file" text NOT NULL,
	"accounts" integer NOT NULL,
	"consumers" integer NOT NULL,
	"non_performing" integer NOT NULL,
	"errors" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"generated_by_user_id" bigint,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_id" bigint
);
--> statement-breakpoint
ALTER TABLE "crb_notices" ADD CONSTRAINT "crb_notices_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_notices" ADD CONSTRAINT "crb_notices_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_notices" ADD CONSTRAINT "crb_notices_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_notices" ADD CONSTRAINT "crb_notices_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_submissions" ADD CONSTRAINT "crb_submissions_lender_business_id_lender_businesses_id_fk" FOREIGN KEY ("lender_business_id") REFERENCES "public"."lender_businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_submissions" ADD CONSTRAINT "crb_submissions_generated_by_user_id_users_id_fk" FOREIGN KEY ("generated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crb_submissions" ADD CONSTRAINT "crb_submissions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crb_notices_loan_unique" ON "crb_notices" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "crb_notices_business_idx" ON "crb_notices" USING btree ("lender_business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crb_submissions_version_unique" ON "crb_submissions" USING btree ("lender_business_id","month","version");--> statement-breakpoint
CREATE INDEX "crb_submissions_business_idx" ON "crb_submissions" USING btree ("lender_business_id","month");--> statement-breakpoint
-- A submitted version is what the bureaus received: it never changes and is never deleted.
CREATE FUNCTION crb_submissions_keep_submitted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'submitted' THEN
    RAISE EXCEPTION 'crb submission % was submitted and cannot change', OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER crb_submissions_keep_submitted BEFORE UPDATE OR DELETE ON "crb_submissions"
  FOR EACH ROW EXECUTE FUNCTION crb_submissions_keep_submitted();
