-- The agent's working set also holds each loan's ledger, from which the phone builds the
-- loan's statement (src/domain/statement.ts). A change to a row of a ledger table records
-- the loan's `ledger` as changed (entity id = the loan's id), beside what the answer_versions
-- trigger of that table already did (migrations 0021 and 0022).
DO $$
DECLARE
  recorded text[][] := ARRAY[
    ['loan_instalments', 'loan_id'],
    ['refunds', 'loan_id'],
    ['write_offs', 'loan_id'],
    ['fines', 'lender_business_id'],
    ['loan_payments', 'lender_business_id'],
    ['mpesa_repayment_transactions', 'lender_business_id']
  ];
  i int;
BEGIN
  FOR i IN 1 .. array_length(recorded, 1) LOOP
    EXECUTE format('DROP TRIGGER answer_versions_changed ON %I', recorded[i][1]);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION answer_versions_changed(%L, %L, %L)',
      recorded[i][1], recorded[i][2], 'ledger', 'loan_id');
  END LOOP;
END $$;
