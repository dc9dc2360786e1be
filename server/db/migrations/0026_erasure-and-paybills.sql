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
-- hold one paybill written two ways, the verified one keeps it (else the older); the
-- others lose it and any verification, and the audit log records each cleared number
-- (actor none: the migration) for an administrator to follow up. A paybill of zeros
-- only is no paybill. First the audit rows, while the numbers are still there.
-- The same twins are found by both statements (nothing changes between them).
WITH "paybill_twins" AS (
  SELECT "id", "kept_by" FROM (
    SELECT "id", "paybill_number",
      first_value("id") OVER "same" AS "kept_by",
      row_number() OVER "same" AS "n"
    FROM "lender_businesses" WHERE "paybill_number" IS NOT NULL
    WINDOW "same" AS (
      PARTITION BY regexp_replace("paybill_number", '^0+', '')
      ORDER BY ("paybill_verified_at" IS NULL), "created_at", "id"
    )
  ) "ranked"
  WHERE "n" > 1 OR "paybill_number" ~ '^0+$'
)
INSERT INTO "audit_log" ("actor_user_id", "action", "subject_type", "subject_id", "details")
SELECT NULL, 'lender_business.paybill_cleared', 'lender_business', b."id",
  jsonb_build_object(
    'name', b."business_name",
    'paybillNumber', b."paybill_number",
    'keptByLenderBusinessId', CASE WHEN t."kept_by" = b."id" THEN NULL ELSE t."kept_by" END,
    'reason', 'Another business holds this paybill number written without its leading zeros.'
  )
FROM "lender_businesses" b JOIN "paybill_twins" t ON t."id" = b."id";--> statement-breakpoint
WITH "paybill_twins" AS (
  SELECT "id", "kept_by" FROM (
    SELECT "id", "paybill_number",
      first_value("id") OVER "same" AS "kept_by",
      row_number() OVER "same" AS "n"
    FROM "lender_businesses" WHERE "paybill_number" IS NOT NULL
    WINDOW "same" AS (
      PARTITION BY regexp_replace("paybill_number", '^0+', '')
      ORDER BY ("paybill_verified_at" IS NULL), "created_at", "id"
    )
  ) "ranked"
  WHERE "n" > 1 OR "paybill_number" ~ '^0+$'
)
UPDATE "lender_businesses" SET "paybill_number" = NULL, "paybill_verified_at" = NULL,
  "paybill_verified_by_user_id" = NULL, "updated_at" = now()
  WHERE "id" IN (SELECT "id" FROM "paybill_twins");--> statement-breakpoint
UPDATE "lender_businesses" SET "paybill_number" = regexp_replace("paybill_number", '^0+', ''), "updated_at" = now()
  WHERE "paybill_number" ~ '^0';--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_paybill_normalised" CHECK ("lender_businesses"."paybill_number" !~ '^0');
