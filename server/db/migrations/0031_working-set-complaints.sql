ALTER TABLE "sync_changes" DROP CONSTRAINT "sync_changes_entity_known";--> statement-breakpoint
ALTER TABLE "sync_changes" ADD CONSTRAINT "sync_changes_entity_known" CHECK ("sync_changes"."entity" in ('borrower', 'loan', 'followUp', 'agreement', 'ledger', 'complaint', 'area', 'plan', 'cycle', 'person'));--> statement-breakpoint
-- The agent's working set carries the complaints each agent recorded: a change to a
-- complaint (a new one, its status, category, owner, resolution, an erasure's blanking)
-- records the complaint as changed in its business, beside raising the business's counter
-- as migration 0029 made it do.
DROP TRIGGER answer_versions_changed ON complaints;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER answer_versions_changed AFTER INSERT OR UPDATE OR DELETE ON complaints
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION answer_versions_changed('lender_business_id', 'complaint', 'id');
