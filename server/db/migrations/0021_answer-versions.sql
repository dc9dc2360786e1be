CREATE TABLE "answer_versions" (
	"lender_business_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The answer cache's counters (server/plugins/answer-cache.ts): every write to a business's
-- data raises its business's counter in the same transaction; row 0 is the platform's shared
-- lists. The triggers are deferred to the commit, so a writer holds the counter's row lock
-- only while it commits, and raise each business's counter once per transaction
-- (a transaction-local setting remembers which it raised).
CREATE FUNCTION answer_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  path text := TG_ARGV[0];
  touched jsonb;
  business_ids bigint[] := '{}';
  business_id bigint;
BEGIN
  FOREACH touched IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)]
    WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)]
    ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)]
  END LOOP
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
  END LOOP;
  FOREACH business_id IN ARRAY business_ids LOOP
    CONTINUE WHEN business_id IS NULL
      OR current_setting('mkopo.answer_version_raised_' || business_id, true) = 'yes';
    PERFORM set_config('mkopo.answer_version_raised_' || business_id, 'yes', true);
    INSERT INTO answer_versions AS v (lender_business_id, version) VALUES (business_id, 1)
      ON CONFLICT (lender_business_id) DO UPDATE SET version = v.version + 1;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE (a restore, a test reset) raises every counter.
CREATE FUNCTION answer_versions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answer_versions SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['agent_businesses', 'lender_business_id'],
    ['borrowers', 'lender_business_id'],
    ['capital_transactions', 'lender_business_id'],
    ['documents', 'lender_business_id'],
    ['fines', 'lender_business_id'],
    ['follow_ups', 'lender_business_id'],
    ['lender_business_areas', 'lender_business_id'],
    ['loan_agreements', 'lender_business_id'],
    ['loan_payments', 'lender_business_id'],
    ['loan_plans', 'lender_business_id'],
    ['loans', 'lender_business_id'],
    ['mpesa_repayment_transactions', 'lender_business_id'],
    ['mpesa_requests', 'lender_business_id'],
    ['repayment_cycles', 'lender_business_id'],
    ['sms_messages', 'lender_business_id'],
    ['loan_instalments', 'loan_id'],
    ['refunds', 'loan_id'],
    ['wallet_records', 'loan_id'],
    ['write_offs', 'loan_id'],
    ['loan_agreement_files', 'loan_agreement_id'],
    ['lender_businesses', 'id'],
    ['agents', 'user'],
    ['lenders', 'user'],
    ['regions', 'shared'],
    ['lender_business_types', 'shared']
  ];
  i int;
BEGIN
  FOR i IN 1 .. array_length(watched, 1) LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION answer_versions_changed(%L)',
      watched[i][1], watched[i][2]);
    EXECUTE format(
      'CREATE TRIGGER answer_versions_truncated AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_truncated()',
      watched[i][1]);
  END LOOP;
END $$;
--> statement-breakpoint
-- A user's account (status, email) shows in answers; its last_active_at, written every few
-- minutes, does not, and must not empty the cache.
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER UPDATE OF status, email ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION answer_versions_changed('user');
