CREATE TABLE "sync_changes" (
	"lender_business_id" bigint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "sync_changes_lender_business_id_entity_entity_id_pk" PRIMARY KEY("lender_business_id","entity","entity_id")
);
--> statement-breakpoint
CREATE TABLE "sync_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sync_changes_version_idx" ON "sync_changes" USING btree ("lender_business_id","version");--> statement-breakpoint
INSERT INTO "sync_epoch" ("id", "epoch") VALUES (1, substr(md5(random()::text || clock_timestamp()::text), 1, 12));
--> statement-breakpoint
-- The answer_versions triggers (migration 0021) also record which record changed, for the
-- agent's working set (server/modules/working-set/): a trigger's second and third arguments
-- name the entity and the column of its id in the touched row. Each business's counter is
-- raised once per transaction, and every change of that transaction is recorded at the
-- counter's new value (kept in a transaction-local setting).
CREATE OR REPLACE FUNCTION answer_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  path text := TG_ARGV[0];
  entity_name text := CASE WHEN TG_NARGS > 1 THEN TG_ARGV[1] END;
  id_column text := CASE WHEN TG_NARGS > 2 THEN TG_ARGV[2] END;
  touched jsonb;
  business_ids bigint[];
  business_id bigint;
  raised text;
  new_version bigint;
BEGIN
  FOREACH touched IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)]
    WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)]
    ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)]
  END LOOP
    business_ids := '{}';
    IF path = 'lender_business_id' THEN
      business_ids := business_ids || (touched ->> 'lender_business_id')::bigint;
    ELSIF path = 'id' THEN
      business_ids := business_ids || (touched ->> 'id')::bigint;
    ELSIF path = 'loan_id' THEN
      business_ids := business_ids || (SELECT l.lender_business_id FROM loans l WHERE l.id = (touched ->> 'loan_id')::bigint);
    ELSIF path = 'loan_agreement_id' THEN
      business_ids := business_ids || (SELECT a.lender_business_id FROM loan_agreements a WHERE a.id = (touched ->> 'loan_agreement_id')::bigint);
    ELSIF path = 'user' THEN
      business_ids := business_ids
        || ARRAY(SELECT ab.lender_business_id FROM agent_businesses ab WHERE ab.agent_id = (touched ->> 'id')::bigint)
        || ARRAY(SELECT lb.id FROM lender_businesses lb WHERE lb.lender_id = (touched ->> 'id')::bigint);
    ELSIF path = 'shared' THEN
      business_ids := business_ids || 0::bigint;
    ELSE
      RAISE EXCEPTION 'answer_versions_changed: unknown path %', path;
    END IF;
    FOREACH business_id IN ARRAY business_ids LOOP
      CONTINUE WHEN business_id IS NULL;
      raised := current_setting('mkopo.answer_version_raised_' || business_id, true);
      IF raised IS NULL OR raised = '' THEN
        INSERT INTO answer_versions AS v (lender_business_id, version) VALUES (business_id, 1)
          ON CONFLICT (lender_business_id) DO UPDATE SET version = v.version + 1
          RETURNING v.version INTO new_version;
        PERFORM set_config('mkopo.answer_version_raised_' || business_id, new_version::text, true);
      ELSE
        new_version := raised::bigint;
      END IF;
      IF entity_name IS NOT NULL AND (touched ->> id_column) IS NOT NULL THEN
        INSERT INTO sync_changes AS c (lender_business_id, entity, entity_id, version)
          VALUES (business_id, entity_name, (touched ->> id_column)::bigint, new_version)
          ON CONFLICT (lender_business_id, entity, entity_id) DO UPDATE SET version = EXCLUDED.version
          WHERE c.version <> EXCLUDED.version;
      END IF;
    END LOOP;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A TRUNCATE (a restore, a test reset) raises every counter and starts a new generation.
CREATE OR REPLACE FUNCTION answer_versions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answer_versions SET version = version + 1;
  UPDATE sync_epoch SET epoch = substr(md5(random()::text || clock_timestamp()::text), 1, 12);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  recorded text[][] := ARRAY[
    ['borrowers', 'lender_business_id', 'borrower', 'id'],
    ['loans', 'lender_business_id', 'loan', 'id'],
    ['follow_ups', 'lender_business_id', 'followUp', 'id'],
    ['loan_agreements', 'lender_business_id', 'agreement', 'id'],
    ['loan_agreement_files', 'loan_agreement_id', 'agreement', 'loan_agreement_id'],
    ['lender_business_areas', 'lender_business_id', 'area', 'id'],
    ['loan_plans', 'lender_business_id', 'plan', 'id'],
    ['repayment_cycles', 'lender_business_id', 'cycle', 'id'],
    ['agent_businesses', 'lender_business_id', 'person', 'agent_id'],
    ['agents', 'user', 'person', 'id'],
    ['lenders', 'user', 'person', 'id']
  ];
  i int;
BEGIN
  FOR i IN 1 .. array_length(recorded, 1) LOOP
    EXECUTE format('DROP TRIGGER answer_versions_changed ON %I', recorded[i][1]);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION answer_versions_changed(%L, %L, %L)',
      recorded[i][1], recorded[i][2], recorded[i][3], recorded[i][4]);
  END LOOP;
END $$;
