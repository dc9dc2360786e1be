-- A paybill belongs to at most one business (docs/architecture.md §6): the money paid to it sits in
-- that one account. Before the unique index, businesses that share a number are settled:
-- the oldest (created first; the lower id on a tie) keeps it, every newer one loses it
-- and with it any verification, and the audit log records each cleared number (actor
-- none: the migration), so an administrator can follow up with those lenders.
-- First the audit rows, while the numbers are still there to be recorded.
INSERT INTO "audit_log" ("actor_user_id", "action", "subject_type", "subject_id", "details")
SELECT NULL, 'lender_business.paybill_cleared', 'lender_business', b."id",
  jsonb_build_object(
    'name', b."business_name",
    'paybillNumber', b."paybill_number",
    'keptByLenderBusinessId', (
      SELECT o."id" FROM "lender_businesses" o
      WHERE o."paybill_number" = b."paybill_number"
      ORDER BY o."created_at", o."id" LIMIT 1
    ),
    'reason', 'Another business registered this paybill number first.'
  )
FROM "lender_businesses" b
WHERE b."paybill_number" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "lender_businesses" o
  WHERE o."paybill_number" = b."paybill_number"
    AND (o."created_at", o."id") < (b."created_at", b."id")
);--> statement-breakpoint
-- Then the newer businesses lose the number.
UPDATE "lender_businesses" b
SET "paybill_number" = NULL, "paybill_verified_at" = NULL,
  "paybill_verified_by_user_id" = NULL, "updated_at" = now()
WHERE b."paybill_number" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "lender_businesses" o
  WHERE o."paybill_number" = b."paybill_number"
    AND (o."created_at", o."id") < (b."created_at", b."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "lender_businesses_paybill_unique" ON "lender_businesses" USING btree ("paybill_number");
