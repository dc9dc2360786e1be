DROP INDEX "borrowers_registered_by_idx";--> statement-breakpoint
DROP INDEX "loan_payments_business_idx";--> statement-breakpoint
DROP INDEX "loans_business_status_idx";--> statement-breakpoint
DROP INDEX "loans_requester_idx";--> statement-breakpoint
CREATE INDEX "borrowers_created_idx" ON "borrowers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_agent_idx" ON "follow_ups" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_rejected_by_idx" ON "loans" USING btree ("approver_user_id","rejected_at") WHERE "loans"."rejected_at" is not null;--> statement-breakpoint
CREATE INDEX "mpesa_repayment_transactions_matcher_idx" ON "mpesa_repayment_transactions" USING btree ("matched_by_user_id","matched_at") WHERE "mpesa_repayment_transactions"."matched_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "mpesa_requests_initiator_idx" ON "mpesa_requests" USING btree ("initiated_by_user_id","created_at");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "write_offs_by_user_idx" ON "write_offs" USING btree ("by_user_id","created_at");--> statement-breakpoint
CREATE INDEX "borrowers_registered_by_idx" ON "borrowers" USING btree ("registered_by_user_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_payments_business_idx" ON "loan_payments" USING btree ("lender_business_id","interest_amount","fine_amount");--> statement-breakpoint
CREATE INDEX "loans_business_status_idx" ON "loans" USING btree ("lender_business_id","status","due_date","initial_amount","outstanding_amount","processing_fee");--> statement-breakpoint
CREATE INDEX "loans_requester_idx" ON "loans" USING btree ("requester_user_id","application_date");