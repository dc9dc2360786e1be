ALTER TABLE "borrowers" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "consented_at" timestamp with time zone;