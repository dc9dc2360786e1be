ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_action_known" CHECK ("admin_approvals"."action" in ('mpesa.decide_paid', 'mpesa.decide_failed', 'payment.assign', 'payment.refund_to_payer'));--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_subject_type_known" CHECK ("admin_approvals"."subject_type" in ('mpesa_request', 'mpesa_repayment'));--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_status_known" CHECK ("admin_approvals"."status" in ('pending', 'approved', 'rejected', 'refused'));--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_gender_known" CHECK ("borrowers"."gender" in ('male', 'female', 'other'));--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_status_known" CHECK ("borrowers"."status" in ('active', 'suspended', 'flagged', 'blocked'));--> statement-breakpoint
ALTER TABLE "borrowers" ADD CONSTRAINT "borrowers_language_known" CHECK ("borrowers"."language" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "capital_transactions" ADD CONSTRAINT "capital_transactions_source_known" CHECK ("capital_transactions"."source" in ('mpesa_deposit', 'repayment', 'disbursement', 'withdrawal', 'refund', 'reversal'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_channel_known" CHECK ("complaints"."channel" in ('sms', 'agent', 'lender'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_category_known" CHECK ("complaints"."category" in ('charges', 'repayment_not_credited', 'debt_collection', 'data_privacy', 'disbursement', 'other'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" in ('open', 'in_progress', 'resolved', 'closed'));--> statement-breakpoint
ALTER TABLE "crb_submissions" ADD CONSTRAINT "crb_submissions_status_known" CHECK ("crb_submissions"."status" in ('draft', 'submitted'));--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_kind_known" CHECK ("fines"."kind" in ('within', 'over'));--> statement-breakpoint
ALTER TABLE "lender_business_types" ADD CONSTRAINT "lender_business_types_business_type_known" CHECK ("lender_business_types"."business_type" in ('individual', 'business'));--> statement-breakpoint
ALTER TABLE "lender_businesses" ADD CONSTRAINT "lender_businesses_status_known" CHECK ("lender_businesses"."status" in ('new', 'active', 'rejected', 'blocked'));--> statement-breakpoint
ALTER TABLE "loan_agreement_files" ADD CONSTRAINT "loan_agreement_files_kind_known" CHECK ("loan_agreement_files"."kind" in ('loanAgreement', 'other'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status_known" CHECK ("loans"."status" in ('pending', 'disbursing', 'active', 'repaid', 'default', 'written_off', 'rejected'));--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_kind_known" CHECK ("mpesa_requests"."kind" in ('stk', 'b2c'));--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_purpose_known" CHECK ("mpesa_requests"."purpose" in ('deposit', 'withdrawal', 'disbursement', 'refund', 'payer_refund'));--> statement-breakpoint
ALTER TABLE "mpesa_requests" ADD CONSTRAINT "mpesa_requests_status_known" CHECK ("mpesa_requests"."status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "mpesa_simulator_payments" ADD CONSTRAINT "mpesa_simulator_payments_kind_known" CHECK ("mpesa_simulator_payments"."kind" in ('stk', 'b2c', 'status'));--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_known" CHECK ("password_reset_tokens"."purpose" in ('reset', 'invite'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'refunded', 'failed'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_known" CHECK ("sms_messages"."kind" in ('disbursed', 'reminder', 'payment_received', 'repaid', 'overdue', 'complaint_received', 'complaint_resolved', 'crb_notice'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_language_known" CHECK ("sms_messages"."language" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status_known" CHECK ("sms_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed'));--> statement-breakpoint
ALTER TABLE "sync_changes" ADD CONSTRAINT "sync_changes_entity_known" CHECK ("sync_changes"."entity" in ('borrower', 'loan', 'followUp', 'agreement', 'ledger', 'area', 'plan', 'cycle', 'person'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('lender', 'agent', 'admin', 'super_admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_known" CHECK ("users"."status" in ('New', 'Pending', 'Active', 'Rejected', 'Blocked', 'Suspended', 'new', 'active', 'suspended', 'blocked', 'active', 'deactivated'));--> statement-breakpoint
ALTER TABLE "wallet_records" ADD CONSTRAINT "wallet_records_source_known" CHECK ("wallet_records"."source" in ('repayment', 'applied', 'refund', 'refund_reversal'));