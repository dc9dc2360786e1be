ALTER TABLE "borrowers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Borrowers erased before erased_at existed: their placeholders say so.
UPDATE "borrowers" SET "erased_at" = "updated_at"
  WHERE "phone_number" = 'erased-' || "id" AND "id_number" = 'erased-' || "id";--> statement-breakpoint
-- Their SMS texts stayed whole (a message without its text was written from its figures):
-- what still waited never leaves, and every text goes with its figures.
UPDATE "sms_messages" SET "status" = 'failed', "failure_reason" = 'Not sent: the borrower’s data was erased.', "updated_at" = now()
  WHERE "status" = 'queued' AND "borrower_id" IN (SELECT "id" FROM "borrowers" WHERE "erased_at" IS NOT NULL);--> statement-breakpoint
UPDATE "sms_messages" SET "phone_number" = '', "body" = '[erased]', "params" = '{}'::jsonb
  WHERE "borrower_id" IN (SELECT "id" FROM "borrowers" WHERE "erased_at" IS NOT NULL);--> statement-breakpoint
-- Paybills are stored without leading zeros, so 0600100 is 600100. Where two businesses
-- hold one paybill written two ways, the verified one keeps it (else the first to have
-- registered it); the others lose it, unverified, and their lender registers it again.
-- A paybill of zeros only is no paybill.
WITH "ranked" AS (
  SELECT "id", row_number() OVER (
    PARTITION BY regexp_replace("paybill_number", '^0+', '')
    ORDER BY ("paybill_verified_at" IS NULL), "paybill_verified_at", "id"
  ) AS "n"
  FROM "lender_businesses" WHERE "paybill_number" IS NOT NULL
)
UPDATE "lender_businesses" SET "paybill_number" = NULL, "paybill_verified_at" = NULL, "paybill_verified_by_user_id" = NULL
  FROM "ranked"
  WHERE "ranked"."id" = "lender_businesses"."id"
    AND ("ranked"."n" > 1 OR "lender_businesses"."paybill_number" ~ '^0+$');--> statement-breakpoint
UPDATE "lender_businesses" SET "paybill_number" = regexp_replace("paybill_number", '^0+', '')
  WHERE "paybill_number" ~ '^0';--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_paybill_normalised" CHECK ("lender_businesses"."paybill_number" !~ '^0');
