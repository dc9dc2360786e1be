-- A loan's ledger in the agent's working set (migration 0023) also carries the loan's notice
-- before adverse listing and that SMS's delivery status (its statement shows both): a change
-- to a notice or to an SMS about a loan records the loan's `ledger` as changed too.
DROP TRIGGER IF EXISTS answer_versions_changed ON crb_notices;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON crb_notices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION answer_versions_changed('lender_business_id', 'ledger', 'loan_id');
--> statement-breakpoint
DROP TRIGGER answer_versions_changed ON sms_messages;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON sms_messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION answer_versions_changed('lender_business_id', 'ledger', 'loan_id');
--> statement-breakpoint
-- The complaints register and the CRB submissions belong to a business too: their changes
-- raise its answer version like every other business table's (migration 0021).
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON complaints
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION answer_versions_changed('lender_business_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON crb_submissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION answer_versions_changed('lender_business_id');
--> statement-breakpoint
CREATE TRIGGER answer_versions_truncated AFTER TRUNCATE ON complaints
  FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_truncated();
--> statement-breakpoint
CREATE TRIGGER answer_versions_truncated AFTER TRUNCATE ON crb_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_truncated();
--> statement-breakpoint
CREATE TRIGGER answer_versions_truncated AFTER TRUNCATE ON crb_notices
  FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_truncated();
