/**
 * The API's routes, one entry per operation of the API document: the method and path
 * (Fastify's syntax, `:name` for a path parameter) → what the operation takes and what it
 * answers, as the valibot schemas of src/domain:
 *
 * - `view`: the JSON body of a success (left out when the answer is not JSON: a file, a
 *   CSV, no body), sent with the statuses of `status` (200 when not given);
 * - `body`: the JSON body it takes; `form: true` when it takes multipart/form-data instead
 *   (the route documents the fields and files and parses them itself); `ownBody: true`
 *   when the route declares its body itself, with a rule only the server can check;
 * - `query`: its query string.
 *
 * The server's routes take their schemas from here (`contract(key)` in
 * server/lib/contract.ts; a documented route missing from the table stops the server at
 * start), and the client's `http` (src/api/client.ts) types each call's path, params, query,
 * body and answer from it. The client imports only types from this file (`import type`), so
 * none of these schemas reach the phone's bundle through it.
 */
import * as v from 'valibot';
import {
  activeForFollowUpQuerySchema,
  followUpAnswer,
  followUpLoanView,
  followUpSchema,
  followUpView,
  loanAgreementCreatedAnswer,
  loanAgreementFilesView,
  loanAgreementForLoanSchema,
  loanFilesAnswer,
} from './field-work';
import {
  adminMessagesView,
  smsLanguageSchema,
  smsMessageView,
  smsMessagesQuerySchema,
  smsOptOutSchema,
} from './sms';
import {
  adminProfileSavedView,
  adminProfileView,
  auditPageView,
  finesRunView,
  healthView,
  paymentSweepSchema,
  paymentSweepView,
  readinessView,
  smsRunView,
} from './admin';
import {
  adminProfileSchema,
  businessTypeSchema,
  businessTypeView,
  regionSchema,
  regionView,
} from './reference-data';
import { administratorView, newAdministratorSchema } from './administrators';
import {
  agentActivityRowView,
  agentsPerBusinessRowView,
  borrowersPerLenderRowView,
  businessesPerLenderRowView,
  capitalPerLenderRowView,
  lenderActivityRowView,
  lenderRowView,
  loanPerformanceRowView,
  loansPerLenderRowView,
  reportPageQuerySchema,
  reportPageView,
  revenuePerLenderRowView,
  userGrowthRowView,
} from './reports';
import {
  agentAddBusinessSchema,
  agentAnswerView,
  agentCountsView,
  agentOwnProfileSchema,
  agentReassignSchema,
  agentSchema,
  agentView,
} from './agents';
import { answerWith, messageAnswer } from './answers';
import {
  approvalView,
  platformSettingsSchema,
  platformSettingsView,
  rejectApprovalSchema,
} from './approvals';
import {
  areaSchema,
  areaView,
  businessCountsView,
  lenderBusinessView,
  loanPlanSchema,
  loanPlanView,
  repaymentCycleSchema,
  repaymentCycleView,
} from './setup';
import {
  assignPaymentSchema,
  assignableBusinessView,
  paybillWaitingView,
  payerRefundSchema,
  unassignedPaymentView,
  verifiedPaybillView,
} from './paybills';
import { borrowerAnswer, borrowerCountsView, borrowerDetailView, borrowerView } from './borrowers';
import {
  businessRequirementBody,
  challengeBody,
  codeBody,
  enrolmentView,
  factorStatusView,
  loginAnswerView,
  recoveryCodesView,
} from './second-factor';
import {
  capitalBalanceView,
  capitalPaymentView,
  capitalTransactionView,
  paymentSchema,
  paymentStartedView,
} from './capital';
import { refundSchema } from './refunds';
import {
  complaintAnswer,
  complaintDetailView,
  complaintReportView,
  complaintSchema,
  complaintUpdateSchema,
  complaintView,
  complaintsAdminQuerySchema,
} from './complaints';
import {
  crbGenerateSchema,
  crbListQuerySchema,
  crbSubmissionView,
  crbSubmissionsView,
} from './crb';
import { decisionSchema } from './mpesa-decisions';
import { documentLinkQuerySchema, documentLinkView } from './documents';
import {
  fineView,
  manualMatchSchema,
  refundLoanView,
  repaymentTransactionView,
  repaymentView,
  walletRecordView,
} from './repayments';
import {
  lenderCountsView,
  lenderDecisionSchema,
  lenderNamesView,
  lenderView,
} from './lender-profile';
import { limitText, listPageQuerySchema, pageText } from './fields';
import {
  loanAnswer,
  loanApplicationSchema,
  loanListQuerySchema,
  loanStatsView,
  loanUpdateSchema,
  loanView,
  statementView,
} from './loans';
import {
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resetPasswordSchema,
  sessionTokenView,
} from './auth';
import { paymentForDecisionView } from './mpesa-payments';
import { workingSetQuerySchema, workingSetView } from './working-set';

export const routeTable = {
  // admin/routes.ts
  'GET /admin/audit-logs': {
    query: v.object({ page: v.optional(pageText, '1'), limit: v.optional(limitText, '20') }),
    view: auditPageView,
  },
  'GET /admin/:id': { view: adminProfileView },
  'PUT /admin/:id': { body: adminProfileSchema, view: adminProfileSavedView },

  // administrators/routes.ts
  'GET /admin/administrators': { view: v.array(administratorView) },
  'POST /admin/administrators': {
    body: newAdministratorSchema,
    view: answerWith(administratorView),
    status: [201],
  },

  // agents/routes.ts
  'GET /agent/count': { view: agentCountsView },
  'POST /agent/register': { body: agentSchema, view: agentAnswerView, status: [201] },
  'PATCH /agent/update/:id': { body: agentSchema, view: agentAnswerView },
  'GET /agent/from-lender-business/:id': { view: v.array(agentView) },
  'GET /agent/from-lender-businesses': { view: v.array(agentView) },
  'GET /agent/lender-businesses': { view: v.array(lenderBusinessView) },
  'GET /agent/me/:userId': { view: agentView },
  'PATCH /agent/me': { body: agentOwnProfileSchema, view: agentAnswerView },
  'GET /agent/data/:id': { view: agentCountsView },

  // approvals/routes.ts
  'GET /admin/settings': { view: platformSettingsView },
  'PUT /admin/settings': { body: platformSettingsSchema, view: answerWith(platformSettingsView) },
  'GET /admin/approvals': { view: v.array(approvalView) },
  'POST /admin/approvals/:id/approve': { view: messageAnswer },
  'POST /admin/approvals/:id/reject': { body: rejectApprovalSchema, view: messageAnswer },

  // auth/factor-routes.ts
  'POST /auth/:role/login/second-factor': { body: challengeBody, view: sessionTokenView },
  'GET /auth/second-factor': { view: factorStatusView },
  'POST /auth/second-factor/enrol': { view: enrolmentView },
  'POST /auth/second-factor/confirm': { body: codeBody, view: recoveryCodesView },
  'POST /auth/second-factor/verify': { body: codeBody, view: messageAnswer },
  'POST /auth/second-factor/disable': { body: codeBody, view: messageAnswer },
  'PUT /lender-business/:id/second-factor': { body: businessRequirementBody, view: messageAnswer },
  'POST /admin/users/:id/second-factor/reset': { view: messageAnswer },

  // auth/routes.ts
  'POST /auth/:role/login': { body: loginSchema, view: loginAnswerView },
  'POST /auth/lender/register': { body: registerSchema, view: sessionTokenView, status: [201] },
  'POST /auth/password-reset/request': { body: passwordResetRequestSchema, view: messageAnswer },
  'POST /auth/password-reset/reset': { body: resetPasswordSchema, view: messageAnswer },
  'POST /auth/token/refresh': { view: sessionTokenView },
  'POST /auth/logout': {},

  // borrowers/routes.ts
  'POST /borrower/register': { form: true, view: borrowerAnswer, status: [201] },
  'PUT /borrower/:id': { form: true, view: borrowerAnswer },
  'GET /borrower/count': { view: borrowerCountsView },
  'GET /borrower/data/:id': { view: borrowerCountsView },
  'GET /borrower/count-by-agent/:lenderBusinessId/:agentId': { view: borrowerCountsView },
  'GET /borrower/all/:userId/:businessId': {
    query: listPageQuerySchema,
    view: v.array(borrowerView),
  },
  'GET /borrower/by-business/:businessId': {
    query: listPageQuerySchema,
    view: v.array(borrowerView),
  },
  'GET /borrower/:id': { view: borrowerDetailView },
  'GET /borrower/:id/export': {},
  'POST /borrower/:id/erase': { view: messageAnswer },

  // business-types/routes.ts
  'GET /lenderbusinesstype': { view: v.array(businessTypeView) },
  'POST /lenderbusinesstype/create': {
    body: businessTypeSchema,
    view: answerWith(businessTypeView),
    status: [201],
  },
  'PUT /lenderbusinesstype/:id': { body: businessTypeSchema, view: answerWith(businessTypeView) },
  'DELETE /lenderbusinesstype/:id': { view: messageAnswer },

  // businesses/routes.ts
  'GET /lender-business/count': { view: businessCountsView },
  'POST /lender-business/register': {
    form: true,
    view: answerWith(lenderBusinessView),
    status: [201],
  },
  'GET /lender-business/lender': { view: v.array(lenderBusinessView) },
  'GET /lender-business/from-auth-lender/:lenderId': { view: v.array(lenderBusinessView) },
  'GET /lender-business/agent': { view: v.array(lenderBusinessView) },
  'GET /lender-business/one/from-auth-agent/:agentId': { view: lenderBusinessView },

  // capital/routes.ts
  'POST /initiate/request-stkpush': { body: paymentSchema, view: paymentStartedView },
  'POST /initiate/request-withdraw': { body: paymentSchema, view: paymentStartedView },
  'GET /capital/payment/:id': { view: capitalPaymentView },
  'GET /capital/from-lender-business/:id': { view: capitalBalanceView },
  'GET /capital/transactions-from-lender-business/:id': { view: v.array(capitalTransactionView) },

  // complaints/routes.ts
  'POST /complaint': { body: complaintSchema, view: complaintAnswer, status: [201] },
  'GET /complaint': { query: complaintsAdminQuerySchema, view: v.array(complaintView) },
  'GET /complaint/:id': { view: complaintDetailView },
  'PATCH /complaint/:id': { body: complaintUpdateSchema, view: complaintAnswer },
  'GET /admin/complaints/report': { query: complaintsAdminQuerySchema, view: complaintReportView },
  'GET /admin/complaints.csv': { query: complaintsAdminQuerySchema },

  // crb/routes.ts
  'POST /crb/submissions': {
    body: crbGenerateSchema,
    view: answerWith(crbSubmissionView),
    status: [201],
  },
  'GET /crb/submissions': { query: crbListQuerySchema, view: crbSubmissionsView },
  'GET /crb/submissions/:id': { view: crbSubmissionView },
  'GET /crb/submissions/:id/files/:kind': {},
  'POST /crb/submissions/:id/submit': { view: answerWith(crbSubmissionView) },

  // documents/routes.ts
  'GET /auth/lender/presigned-url': { query: documentLinkQuerySchema, view: documentLinkView },

  // fines/routes.ts
  'GET /fines/for-lender-business/:id': { view: v.array(fineView) },

  // follow-ups/routes.ts
  'GET /loan/active-for-follow-up': {
    query: activeForFollowUpQuerySchema,
    view: v.array(followUpLoanView),
  },
  'GET /follow-up/loan/:loanId': { view: v.array(followUpView) },
  'POST /follow-up': { body: followUpSchema, view: followUpAnswer, status: [201] },

  // health/routes.ts
  'GET /health': { view: healthView, status: [200, 503] },
  'GET /health/ready': { view: readinessView, status: [200, 503] },

  // jobs/routes.ts
  'POST /admin/jobs/mpesa-status': { body: paymentSweepSchema, view: paymentSweepView },
  'POST /admin/jobs/fines': { view: finesRunView, ownBody: true },
  'POST /admin/jobs/sms': { view: smsRunView },

  // lenders/routes.ts
  'PATCH /auth/lender/profile': { form: true, view: sessionTokenView },
  'GET /auth/lender/all': { view: v.array(lenderView) },
  'GET /admin/lenders/pending': { view: v.array(lenderView) },
  'GET /auth/lender/count': { view: lenderCountsView },
  'GET /auth/lender/lender-and-businesses/:id': { view: lenderView },
  'GET /auth/lender/get/:id': { view: lenderNamesView },

  // loan-files/routes.ts
  'POST /loan-agreement/for-loan': {
    body: loanAgreementForLoanSchema,
    view: loanAgreementCreatedAnswer,
    status: [201],
  },
  'POST /loan-agreement-uploads/files': { form: true, view: loanFilesAnswer, status: [201] },
  'GET /loan-agreement/borrower/:borrowerId': { view: v.array(loanAgreementFilesView) },

  // loan-plans/routes.ts
  'POST /loanplan/add': { body: loanPlanSchema, view: answerWith(loanPlanView), status: [201] },
  'GET /loanplan/all-by-lender-business/:businessId': { view: v.array(loanPlanView) },

  // loans/routes.ts
  'POST /loan/apply': { body: loanApplicationSchema, view: loanAnswer, status: [201] },
  'GET /loan/data/:id': { query: loanListQuerySchema, view: loanStatsView },
  'GET /loan/all-stats-for-lender-business-by-agent/:lenderBusinessId/:agentId': {
    view: loanStatsView,
  },
  'GET /loan/all-existing-for-lender-business-by-agent/:lenderBusinessId/:agentId': {
    query: loanListQuerySchema,
    view: v.array(loanView),
  },
  'PUT /loan/update-loan/:loanId': { body: loanUpdateSchema, view: loanAnswer },
  'PUT /loan/approving-loan-for-borrower/:loanId/:lenderBusinessId/approve': {
    view: messageAnswer,
  },
  'PATCH /loan/writeoff/:id': { view: messageAnswer },
  'PUT /loan/reject/:loanId': { view: messageAnswer },

  // matching/routes.ts
  'GET /loan-repayment-transaction/get-transactions': { view: v.array(repaymentTransactionView) },
  'POST /manual-match/transaction': { body: manualMatchSchema, view: messageAnswer },

  // metrics/routes.ts
  'GET /metrics': {},

  // mpesa/decision-routes.ts
  'GET /admin/mpesa/decisions': { view: v.array(paymentForDecisionView) },
  'GET /admin/mpesa/amount-differences': { view: v.array(paymentForDecisionView) },
  'POST /admin/mpesa/requests/:id/decide': {
    body: decisionSchema,
    view: messageAnswer,
    status: [200, 202],
  },

  // paybills/routes.ts
  'GET /admin/lender-business': { view: v.array(assignableBusinessView) },
  'GET /admin/lender-business/paybills-waiting': { view: v.array(paybillWaitingView) },
  'PATCH /admin/lender-business/:id/verify-paybill': { view: answerWith(verifiedPaybillView) },
  'GET /admin/unassigned-payments': { view: v.array(unassignedPaymentView) },
  'POST /admin/unassigned-payments/:id/assign': {
    body: assignPaymentSchema,
    view: messageAnswer,
    status: [200, 202],
  },
  'POST /admin/unassigned-payments/:id/refund': {
    body: payerRefundSchema,
    view: messageAnswer,
    status: [200, 202],
  },

  // refunds/routes.ts
  'GET /loan/refundable': { view: v.array(refundLoanView) },
  'GET /loan/refund/:loanId': { view: refundLoanView },
  'POST /refund/balance': { body: refundSchema, view: messageAnswer },

  // regions/routes.ts
  'GET /region': { view: v.array(regionView) },
  'POST /region/add': { body: regionSchema, view: answerWith(regionView), status: [201] },

  // repayments/routes.ts
  'GET /repayment/for-lender-business/:id': { view: v.array(repaymentView) },
  'GET /loan/by-id-lender-business/:id/wallet-records': { view: v.array(walletRecordView) },

  // sms/routes.ts
  'GET /loan/:id/messages': { view: v.array(smsMessageView) },
  'GET /admin/messages': { query: smsMessagesQuerySchema, view: adminMessagesView },
  'PATCH /borrower/:id/sms-reminders': { body: smsOptOutSchema, view: borrowerAnswer },
  'PATCH /borrower/:id/sms-language': { body: smsLanguageSchema, view: borrowerAnswer },

  // statements/routes.ts
  'GET /loan/:id/statement': { view: statementView },
  'GET /loan/:id/statement.pdf': {},

  // working-set/routes.ts
  'GET /agent/working-set': { query: workingSetQuerySchema, view: workingSetView },

  // Routes declared in a loop or by a shared factory.
  'PATCH /admin/lender/approve/:id': { body: lenderDecisionSchema, view: messageAnswer },
  'PATCH /admin/lender/activate/:id': { body: lenderDecisionSchema, view: messageAnswer },
  'PATCH /admin/lender/reject/:id': { body: lenderDecisionSchema, view: messageAnswer },
  'PATCH /admin/lender/:id/block': { body: lenderDecisionSchema, view: messageAnswer },
  'PATCH /admin/lender/:id/suspend': { body: lenderDecisionSchema, view: messageAnswer },
  'POST /admin/administrators/:id/deactivate': { view: answerWith(administratorView) },
  'POST /admin/administrators/:id/reactivate': { view: answerWith(administratorView) },
  'PATCH /agent/reassign-to-new-lender-business/:id/reassign': {
    body: agentReassignSchema,
    view: messageAnswer,
  },
  'POST /agent/add-lender-business/:id/add-business': {
    body: agentAddBusinessSchema,
    view: messageAnswer,
  },
  'PATCH /agent/:id/suspend': { view: messageAnswer },
  'PATCH /agent/:id/activate': { view: messageAnswer },
  'GET /loan/from-lender-business/:id': { query: loanListQuerySchema, view: v.array(loanView) },
  'GET /loan/all-existing-for-lender-business/:id': {
    query: loanListQuerySchema,
    view: v.array(loanView),
  },
  'POST /lender-business-area/add': { body: areaSchema, view: answerWith(areaView), status: [201] },
  'GET /lender-business-area/:businessId': { view: v.array(areaView) },
  'GET /lender-business-area/from-lender-business/:businessId': { view: v.array(areaView) },
  'GET /lender-business/areas/:businessId': { view: v.array(areaView) },
  'POST /repayment-cycle/add': {
    body: repaymentCycleSchema,
    view: answerWith(repaymentCycleView),
    status: [201],
  },
  'GET /repayment-cycle/all-from-lender-business/:businessId': {
    view: v.array(repaymentCycleView),
  },
  'GET /report/lenders': { query: reportPageQuerySchema, view: reportPageView(lenderRowView) },
  'GET /report/borrowers-per-lender': {
    query: reportPageQuerySchema,
    view: reportPageView(borrowersPerLenderRowView),
  },
  'GET /report/loans-per-lender': {
    query: reportPageQuerySchema,
    view: reportPageView(loansPerLenderRowView),
  },
  'GET /report/agents-per-business': {
    query: reportPageQuerySchema,
    view: reportPageView(agentsPerBusinessRowView),
  },
  'GET /report/businesses-per-lender': {
    query: reportPageQuerySchema,
    view: reportPageView(businessesPerLenderRowView),
  },
  'GET /report/capital-per-lender': {
    query: reportPageQuerySchema,
    view: reportPageView(capitalPerLenderRowView),
  },
  'GET /report/loan-performance': {
    query: reportPageQuerySchema,
    view: reportPageView(loanPerformanceRowView),
  },
  'GET /report/user-growth': {
    query: reportPageQuerySchema,
    view: reportPageView(userGrowthRowView),
  },
  'GET /report/lender-activity': {
    query: reportPageQuerySchema,
    view: reportPageView(lenderActivityRowView),
  },
  'GET /report/agent-activity': {
    query: reportPageQuerySchema,
    view: reportPageView(agentActivityRowView),
  },
  'GET /report/revenue-per-lender': {
    query: reportPageQuerySchema,
    view: reportPageView(revenuePerLenderRowView),
  },
} as const satisfies Record<string, RouteEntry>;

type Schema = v.GenericSchema | v.GenericSchemaAsync;

/** What the table says of one operation. */
export type RouteEntry = {
  readonly view?: Schema;
  readonly status?: readonly number[];
  readonly body?: Schema;
  readonly form?: true;
  readonly ownBody?: true;
  readonly query?: Schema;
};

export type RouteTable = typeof routeTable;
/** An operation: `'GET /borrower/:id'`. */
export type RouteKey = keyof RouteTable;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The paths of the table's operations of one method. */
export type PathOf<M extends Method> = RouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

/** The names of a path's parameters: `'/borrower/all/:userId/:businessId'` → 'userId' | 'businessId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What an operation answers on success (unknown when its answer is not JSON). */
export type ViewOf<K extends RouteKey> = RouteTable[K] extends { view: infer S extends Schema }
  ? v.InferOutput<S>
  : unknown;
/** The JSON body an operation takes (undefined when it takes none). */
export type BodyOf<K extends RouteKey> = RouteTable[K] extends { body: infer S extends Schema }
  ? v.InferInput<S>
  : undefined;
/** The query an operation reads: each of its fields, as text or a number. */
export type QueryOf<K extends RouteKey> = RouteTable[K] extends { query: infer S extends Schema }
  ? { [Name in keyof v.InferInput<S>]?: string | number }
  : undefined;
