ALTER TABLE "loans" ADD COLUMN "disbursement_failure" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disbursement_failed_at" timestamp with time zone;