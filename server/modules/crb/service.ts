/**
 * Monthly credit bureau submissions of a lender business (docs/crb.md): generating a month
 * writes a draft version with both files and the errors found; a draft is generated again in
 * place until it is marked submitted, after which it never changes (a database trigger refuses)
 * and the next generation of that month is a new version. Who generated and who submitted is kept
 * on the version and in the audit log.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  crbMonthPattern,
  lastDayOfMonth,
  type CrbFileKind,
  type CrbIssue,
  type CrbSubmission,
} from '../../../src/domain/crb';
import { toCents } from '../../../src/domain/money';
import { crbText } from '../../../src/i18n/crb';
import type { Tx } from '../../db/client';
import {
  borrowers,
  crbNotices,
  crbSubmissions,
  lenderBusinesses,
  loans,
  users,
} from '../../db/schema';
import { endOfNairobiDay } from '../../lib/nairobi-day';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { businessFor } from '../businesses/access';
import { loanStatement } from '../statements/service';
import {
  accountLine,
  accountRecord,
  aliveInMonth,
  checkRecords,
  classify,
  consumerLine,
  consumerRecord,
  loanAt,
  type LoanFacts,
} from './files';

type SubmissionRow = typeof crbSubmissions.$inferSelect;

/** The instants a month spans in Nairobi, and its last day; 400 unless it has ended by `now`. */
export function reportingMonth(month: string, now: Date) {
  if (!crbMonthPattern.test(month)) throw badRequest(crbText.monthFormat);
  const lastDay = lastDayOfMonth(month);
  const start = new Date(endOfNairobiDay(`${month}-01`).getTime() - 86_400_000 + 1);
  const end = endOfNairobiDay(lastDay);
  if (end.getTime() > now.getTime()) throw badRequest(crbText.monthNotEnded(month));
  return { start, end, lastDay };
}

export type BuiltFiles = {
  consumerFile: string;
  accountFile: string;
  accounts: number;
  consumers: number;
  nonPerforming: number;
  errors: CrbIssue[];
};

/** Builds both files of a business's month from its loans' statements. */
export async function buildFiles(
  tx: Tx,
  business: typeof lenderBusinesses.$inferSelect,
  month: string,
  now: Date,
): Promise<BuiltFiles> {
  const { start, end, lastDay } = reportingMonth(month, now);
  const rows = await tx
    .select({ loan: loans, borrower: borrowers })
    .from(loans)
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .where(
      and(
        eq(loans.lenderBusinessId, business.id),
        isNotNull(loans.disbursementDate),
        lte(loans.disbursementDate, end),
      ),
    )
    .orderBy(asc(loans.id));
  const noticeRows = rows.length
    ? await tx
        .select({ loanId: crbNotices.loanId, deadline: crbNotices.deadline })
        .from(crbNotices)
        .where(
          inArray(
            crbNotices.loanId,
            rows.map((row) => row.loan.id),
          ),
        )
    : [];
  const deadlines = new Map(noticeRows.map((row) => [row.loanId, row.deadline]));
  const consumerLines: string[] = [];
  const accountLines: string[] = [];
  const errors: CrbIssue[] = [];
  const consumers = new Set<number>();
  let nonPerforming = 0;
  for (const { loan, borrower } of rows) {
    const statement = await loanStatement(tx, loan, now);
    if (!aliveInMonth(statement, start, end)) continue;
    const facts: LoanFacts = {
      loanId: loan.id,
      loanCode: loan.loanCode,
      status: loan.status,
      defaultedAt: loan.defaultedAt,
      principalCents: toCents(loan.principalAmount),
      durationInDays: loan.durationInDays,
      cycleDays: loan.cycleDays,
      borrower: {
        id: borrower.id,
        firstName: borrower.firstName,
        lastName: borrower.lastName,
        dob: borrower.dob,
        gender: borrower.gender,
        idNumber: borrower.idNumber,
        phoneNumber: borrower.phoneNumber,
      },
      business: { name: business.businessName, code: business.lenderBusinessCode },
      noticeDeadline: deadlines.get(loan.id) ?? null,
      statement,
    };
    const at = loanAt(statement, end);
    const issues = checkRecords(facts, at, lastDay);
    if (issues.length > 0) {
      // A record the bureaus would reject stays out of the files until it is fixed.
      errors.push(...issues);
      continue;
    }
    const classification = classify(facts, at, end, lastDay);
    consumerLines.push(consumerLine(consumerRecord(facts)));
    accountLines.push(accountLine(accountRecord(facts, at, classification, lastDay)));
    consumers.add(borrower.id);
    if (classification.nonPerforming) nonPerforming += 1;
  }
  const file = (lines: string[]) => (lines.length ? `${lines.join('\r\n')}\r\n` : '');
  return {
    consumerFile: file(consumerLines),
    accountFile: file(accountLines),
    accounts: accountLines.length,
    consumers: consumers.size,
    nonPerforming,
    errors,
  };
}

const generatedBy = alias(users, 'generated_by');
const submittedBy = alias(users, 'submitted_by');

async function submissionViews(tx: Tx, where: ReturnType<typeof eq>): Promise<CrbSubmission[]> {
  const rows = await tx
    .select({
      submission: crbSubmissions,
      businessName: lenderBusinesses.businessName,
      generatedByEmail: generatedBy.email,
      submittedByEmail: submittedBy.email,
    })
    .from(crbSubmissions)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, crbSubmissions.lenderBusinessId))
    .leftJoin(generatedBy, eq(generatedBy.id, crbSubmissions.generatedByUserId))
    .leftJoin(submittedBy, eq(submittedBy.id, crbSubmissions.submittedByUserId))
    .where(where)
    .orderBy(desc(crbSubmissions.month), desc(crbSubmissions.version));
  return rows.map(({ submission, businessName, generatedByEmail, submittedByEmail }) => {
    const errors = submission.errors as CrbIssue[];
    return {
      id: submission.id,
      lenderBusinessId: submission.lenderBusinessId,
      businessName,
      month: submission.month,
      version: submission.version,
      status: submission.status,
      accounts: submission.accounts,
      consumers: submission.consumers,
      nonPerforming: submission.nonPerforming,
      errorCount: errors.length,
      errors,
      generatedAt: submission.generatedAt.toISOString(),
      generatedByEmail,
      submittedAt: submission.submittedAt?.toISOString() ?? null,
      submittedByEmail,
    };
  });
}

async function submissionView(tx: Tx, id: number): Promise<CrbSubmission> {
  const [view] = await submissionViews(tx, eq(crbSubmissions.id, id));
  if (!view) throw notFound(crbText.submissionNotFound);
  return view;
}

/**
 * Generates a month: the latest draft of it is written again, or, when there is none (or the
 * latest was submitted), the next version is added. The business row is locked meanwhile, so
 * two generations of one business never race for a version number.
 */
export async function generateSubmission(
  tx: Tx,
  user: AuthUser,
  input: { lenderBusinessId: number; month: string },
  now: Date,
): Promise<CrbSubmission> {
  const reached = await businessFor(tx, user, input.lenderBusinessId);
  reportingMonth(input.month, now);
  const [business] = await tx
    .select()
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, reached.id))
    .for('update');
  const built = await buildFiles(tx, business!, input.month, now);
  const [latest] = await tx
    .select()
    .from(crbSubmissions)
    .where(
      and(eq(crbSubmissions.lenderBusinessId, reached.id), eq(crbSubmissions.month, input.month)),
    )
    .orderBy(desc(crbSubmissions.version))
    .limit(1);
  const values = {
    consumerFile: built.consumerFile,
    accountFile: built.accountFile,
    accounts: built.accounts,
    consumers: built.consumers,
    nonPerforming: built.nonPerforming,
    errors: built.errors,
    generatedAt: now,
    generatedByUserId: user.id,
  };
  let id: number | undefined;
  if (latest?.status === 'draft') {
    const [rewritten] = await tx
      .update(crbSubmissions)
      .set(values)
      .where(and(eq(crbSubmissions.id, latest.id), eq(crbSubmissions.status, 'draft')))
      .returning({ id: crbSubmissions.id });
    id = rewritten?.id;
  }
  if (id === undefined) {
    const [inserted] = await tx
      .insert(crbSubmissions)
      .values({
        ...values,
        lenderBusinessId: reached.id,
        month: input.month,
        version: (latest?.version ?? 0) + 1,
      })
      .returning({ id: crbSubmissions.id });
    id = inserted!.id;
  }
  await recordAudit(tx, {
    actorUserId: user.id,
    action: 'crb.generated',
    subjectType: 'crb_submission',
    subjectId: id,
    details: {
      lenderBusinessId: reached.id,
      month: input.month,
      accounts: built.accounts,
      errors: built.errors.length,
    },
  });
  return submissionView(tx, id);
}

/** The versions of a business (one month's, or every month's), newest first. */
export async function listSubmissions(
  tx: Tx,
  user: AuthUser,
  query: { lenderBusinessId: number; month?: string | undefined },
): Promise<CrbSubmission[]> {
  const business = await businessFor(tx, user, query.lenderBusinessId);
  if (query.month !== undefined && !crbMonthPattern.test(query.month)) {
    throw badRequest(crbText.monthFormat);
  }
  return submissionViews(
    tx,
    query.month === undefined
      ? eq(crbSubmissions.lenderBusinessId, business.id)
      : (and(
          eq(crbSubmissions.lenderBusinessId, business.id),
          eq(crbSubmissions.month, query.month),
        ) as ReturnType<typeof eq>),
  );
}

/** A version the user may reach (its business's lender, admins), else 404. */
async function submissionFor(tx: Tx, user: AuthUser, id: number): Promise<SubmissionRow> {
  const [row] = await tx.select().from(crbSubmissions).where(eq(crbSubmissions.id, id));
  if (!row) throw notFound(crbText.submissionNotFound);
  await businessFor(tx, user, row.lenderBusinessId).catch(() => {
    throw notFound(crbText.submissionNotFound);
  });
  return row;
}

export async function getSubmission(tx: Tx, user: AuthUser, id: number) {
  await submissionFor(tx, user, id);
  return submissionView(tx, id);
}

/** One file of a version: its name and text. */
export async function submissionFile(tx: Tx, user: AuthUser, id: number, kind: CrbFileKind) {
  const row = await submissionFor(tx, user, id);
  const [business] = await tx
    .select({ code: lenderBusinesses.lenderBusinessCode })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, row.lenderBusinessId));
  const code = (business?.code ?? String(row.lenderBusinessId)).replace(/[^A-Za-z0-9-]/g, '');
  return {
    name: `${code}-${row.month.replace('-', '')}-v${row.version}-${kind}.txt`,
    text: kind === 'consumer' ? row.consumerFile : row.accountFile,
  };
}

/**
 * Marks the latest version of its month as submitted, once: the write is conditional on the
 * version still being a draft, so two racing requests cannot both succeed.
 */
export async function markSubmitted(tx: Tx, user: AuthUser, id: number, now: Date) {
  const row = await submissionFor(tx, user, id);
  if (row.status === 'submitted') throw conflict(crbText.alreadySubmitted);
  // The business's lock: no generation adds a newer version while this one is marked.
  await tx
    .select({ id: lenderBusinesses.id })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, row.lenderBusinessId))
    .for('update');
  const [latest] = await tx
    .select({ id: crbSubmissions.id })
    .from(crbSubmissions)
    .where(
      and(
        eq(crbSubmissions.lenderBusinessId, row.lenderBusinessId),
        eq(crbSubmissions.month, row.month),
      ),
    )
    .orderBy(desc(crbSubmissions.version))
    .limit(1);
  if (latest?.id !== row.id) throw conflict(crbText.notLatest);
  const [updated] = await tx
    .update(crbSubmissions)
    .set({ status: 'submitted', submittedAt: now, submittedByUserId: user.id })
    .where(and(eq(crbSubmissions.id, row.id), eq(crbSubmissions.status, 'draft')))
    .returning({ id: crbSubmissions.id });
  if (!updated) throw conflict(crbText.alreadySubmitted);
  await recordAudit(tx, {
    actorUserId: user.id,
    action: 'crb.submitted',
    subjectType: 'crb_submission',
    subjectId: row.id,
    details: {
      lenderBusinessId: row.lenderBusinessId,
      month: row.month,
      version: row.version,
      at: now.toISOString(),
    },
  });
  return submissionView(tx, row.id);
}
