/**
 * The records of a month's CRB files (docs/crb.md), one consumer and one account record per loan
 * alive in the month, and the checks every field passes before export. Every figure is read from
 * the loan's statement (server/modules/statements/service.ts), whose lines carry the balance after
 * each event: the balance at month end is the statement's balance at that instant, so the files
 * and the statement can never disagree.
 */
import {
  accountFields,
  consumerFields,
  CRB_NAME_MAX,
  CRB_SEPARATOR,
  crbAccountStatus,
  crbDate,
  crbNamePattern,
  daysFrom,
  kenyanIdPattern,
  kenyanMobilePattern,
  NEGATIVE_LISTING_THRESHOLD_CENTS,
  nonPerformingClasses,
  prudentialClasses,
  prudentialClassOf,
  type AccountField,
  type ConsumerField,
  type CrbFixKey,
  type CrbIssue,
  type CrbProblemKey,
  type PrudentialClass,
} from '../../../src/domain/crb';
import { divideRoundHalfUp } from '../../../src/domain/loan-terms';
import type { Statement } from '../../../src/domain/loans';
import { toCents, type Cents } from '../../../src/domain/money';
import { crbEnglish as t } from '../../../src/i18n/crb';
import { nairobiToday } from '../../lib/nairobi-day';

export type LoanFacts = {
  loanId: number;
  loanCode: string;
  status: string;
  defaultedAt: Date | null;
  principalCents: Cents;
  durationInDays: number;
  cycleDays: number;
  borrower: {
    id: number;
    firstName: string;
    lastName: string;
    dob: string;
    gender: string;
    idNumber: string;
    phoneNumber: string;
  };
  business: { name: string; code: string };
  /** The last day to pay of the loan's notice before adverse listing, if it got one. */
  noticeDeadline: string | null;
  statement: Statement;
};

/** A loan's figures at an instant, from its statement. */
export type LoanAt = {
  /** What the borrower owes: the ledger balance, or after a write-off what is left of it. */
  owed: Cents;
  overdue: Cents;
  overdueDay: string | null;
  instalmentsInArrears: number;
  nextInstalment: { day: string; amount: Cents } | null;
  writtenOffDay: string | null;
  lastPayment: { day: string; amount: Cents } | null;
};

const cents = (shillings: number): Cents => toCents(shillings.toFixed(2));

/** The loan's figures at `asOf`, read from the statement's lines up to that instant. */
export function loanAt(statement: Statement, asOf: Date): LoanAt {
  const lines = statement.lines.filter((line) => Date.parse(line.at) <= asOf.getTime());
  let ledger: Cents = 0;
  let writeOff: Cents | null = null;
  let writtenOffDay: string | null = null;
  let recovered: Cents = 0;
  let paidSchedule: Cents = 0;
  let fines: Cents = 0;
  let paidFines: Cents = 0;
  let lastPayment: LoanAt['lastPayment'] = null;
  for (const line of lines) {
    ledger = cents(line.balance);
    if (line.kind === 'fine') fines += cents(line.amount);
    if (line.kind === 'write_off') {
      writeOff = -cents(line.amount);
      writtenOffDay = nairobiToday(new Date(line.at));
    }
    if (line.kind === 'recovery') recovered += -cents(line.amount);
    if (line.kind === 'payment' || line.kind === 'recovery') {
      paidSchedule += cents(line.interest) + cents(line.principal);
      paidFines += cents(line.fines);
      const amount = -cents(line.amount);
      if (amount > 0) lastPayment = { day: nairobiToday(new Date(line.at)), amount };
    }
  }
  const owed = writeOff === null ? ledger : Math.max(0, writeOff - recovered);

  // Arrears: instalments due by then that the payments toward the schedule do not cover.
  let cumulative: Cents = 0;
  let due: Cents = 0;
  let overdueDay: string | null = null;
  let instalmentsInArrears = 0;
  let nextInstalment: LoanAt['nextInstalment'] = null;
  for (const instalment of statement.schedule) {
    if (!instalment.dueDate) continue;
    const amount = cents(instalment.amount);
    cumulative += amount;
    const dueAt = Date.parse(instalment.dueDate);
    if (dueAt <= asOf.getTime()) {
      due = cumulative;
      if (cumulative > paidSchedule) {
        instalmentsInArrears += 1;
        overdueDay ??= nairobiToday(new Date(dueAt));
      }
    } else if (!nextInstalment) {
      nextInstalment = {
        day: nairobiToday(new Date(dueAt)),
        amount: Math.min(amount, Math.max(0, cumulative - paidSchedule)),
      };
    }
  }
  const arrears = Math.max(0, due - paidSchedule) + Math.max(0, fines - paidFines);
  let overdue = Math.min(owed, writeOff === null ? arrears : owed);
  if (owed === 0) overdue = 0;
  if (overdue > 0 && !overdueDay && statement.loan.dueDate) {
    overdueDay = nairobiToday(new Date(statement.loan.dueDate));
  }
  return {
    owed,
    overdue,
    overdueDay: overdue > 0 ? overdueDay : null,
    instalmentsInArrears: overdue > 0 ? instalmentsInArrears : 0,
    nextInstalment,
    writtenOffDay,
    lastPayment,
  };
}

/**
 * Whether a loan is in the month's files: paid out by the month's end, and still owing at its
 * start (a loan paid out during the month is in it even if repaid within it).
 */
export function aliveInMonth(statement: Statement, monthStart: Date, monthEnd: Date): boolean {
  const disbursed = statement.loan.disbursementDate;
  if (!disbursed || Date.parse(disbursed) > monthEnd.getTime()) return false;
  if (Date.parse(disbursed) >= monthStart.getTime()) return true;
  return loanAt(statement, new Date(monthStart.getTime() - 1)).owed > 0;
}

/** Whole shillings, half up, as the manual's amount fields want them. */
export function shillings(amount: Cents): string {
  return String(divideRoundHalfUp(amount, 100));
}

/** The manual's Payment Frequency code of a cycle length. */
export function paymentFrequency(cycleDays: number, durationInDays: number): string {
  if (cycleDays >= durationInDays) return 'B';
  if (cycleDays <= 1) return 'D';
  if (cycleDays < 14) return 'W';
  if (cycleDays < 28) return 'F';
  if (cycleDays < 90) return 'M';
  return 'Q';
}

const worse = (a: PrudentialClass, b: PrudentialClass): PrudentialClass =>
  prudentialClasses.indexOf(a) >= prudentialClasses.indexOf(b) ? a : b;

export type Classification = {
  accountStatus: string;
  accountStatusDay: string;
  risk: PrudentialClass;
  nonPerforming: boolean;
};

/**
 * The Account Status and Prudential Risk Classification at month end. A loan is reported
 * non-performing only when it is non-performing in the lifecycle (default, written off), its
 * notice before adverse listing was given, the month ends after the notice's deadline, and it
 * owes more than the KES 1,000 threshold; until then it is an active account in arrears, whose
 * classification stops at B (Watch).
 */
export function classify(facts: LoanFacts, at: LoanAt, monthEnd: Date, monthEndDay: string) {
  const disbursedDay = nairobiToday(new Date(facts.statement.loan.disbursementDate!));
  if (at.owed === 0) {
    const closedDay = at.lastPayment?.day ?? disbursedDay;
    return {
      accountStatus: crbAccountStatus.closed,
      accountStatusDay: closedDay,
      risk: 'A',
      nonPerforming: false,
    } satisfies Classification;
  }
  const days = at.overdueDay ? Math.max(0, daysFrom(at.overdueDay, monthEndDay)) : 0;
  const band = prudentialClassOf(days);
  const nonPerformingThen =
    facts.defaultedAt !== null &&
    facts.defaultedAt.getTime() <= monthEnd.getTime() &&
    (facts.status === 'default' || facts.status === 'written_off' || at.writtenOffDay !== null);
  const listable =
    nonPerformingThen &&
    facts.noticeDeadline !== null &&
    monthEndDay > facts.noticeDeadline &&
    at.owed > NEGATIVE_LISTING_THRESHOLD_CENTS;
  if (!listable) {
    return {
      accountStatus: crbAccountStatus.active,
      accountStatusDay: disbursedDay,
      risk: band === 'A' ? 'A' : 'B',
      nonPerforming: false,
    } satisfies Classification;
  }
  const risk = worse(band, 'C');
  return {
    accountStatus: at.writtenOffDay ? crbAccountStatus.writeOff : crbAccountStatus.active,
    accountStatusDay: at.writtenOffDay ?? disbursedDay,
    risk,
    nonPerforming: nonPerformingClasses.includes(risk),
  } satisfies Classification;
}

/** A value as a field: no separator and no line break inside it. */
const field = (value: string) => value.replace(/[|\r\n]+/g, ' ').trim();

export function consumerRecord(facts: LoanFacts): Record<ConsumerField, string> {
  const { borrower } = facts;
  const record = Object.fromEntries(consumerFields.map((name) => [name, ''])) as Record<
    ConsumerField,
    string
  >;
  const gender = borrower.gender === 'male' ? 'M' : borrower.gender === 'female' ? 'F' : '';
  return {
    ...record,
    Surname: field(borrower.lastName),
    'Forename 1': field(borrower.firstName),
    'Date of Birth': crbDate(borrower.dob),
    'Client Number': String(borrower.id),
    'Account Number': facts.loanCode,
    Gender: gender,
    Nationality: 'KE',
    'Primary Identification Document Type': '001',
    'Primary Identification Doc Number': field(borrower.idNumber),
    'Passport Country Code': 'KE',
    'Mobile Telephone Number': field(borrower.phoneNumber),
    'Location Country': 'KE',
  };
}

export function accountRecord(
  facts: LoanFacts,
  at: LoanAt,
  classification: Classification,
  monthEndDay: string,
): Record<AccountField, string> {
  const loan = facts.statement.loan;
  const disbursedDay = nairobiToday(new Date(loan.disbursementDate!));
  const dueDay = loan.dueDate ? nairobiToday(new Date(loan.dueDate)) : disbursedDay;
  const days = at.overdueDay ? Math.max(0, daysFrom(at.overdueDay, monthEndDay)) : 0;
  const instalmentDue = at.overdueDay ?? at.nextInstalment?.day ?? dueDay;
  return {
    'Client Number': String(facts.borrower.id),
    'Account Number': facts.loanCode,
    'Primary Identification Document Type': '001',
    'Primary Identification Doc Number': field(facts.borrower.idNumber),
    'Lenders Registered Name': field(facts.business.name),
    'Lenders Trading Name': field(facts.business.name),
    'Lenders Branch Name': 'Head Office',
    'Lenders Branch Code': field(facts.business.code),
    'Account Joint/Single Indicator': 'S',
    'Account Product Type': 'I',
    'Date Account Opened': crbDate(disbursedDay),
    'Instalment Due Date': crbDate(instalmentDue),
    'Original Amount': shillings(facts.principalCents),
    'Currency of Facility': 'KES',
    'Current Balance in Kenya Shillings': shillings(at.owed),
    'Current Balance': shillings(at.owed),
    'Overdue Balance': shillings(at.overdue),
    'Overdue Date': at.overdueDay ? crbDate(at.overdueDay) : '',
    'Number of Days in Arrears': String(days).padStart(3, '0'),
    'Number of Instalments in Arrears': String(at.instalmentsInArrears),
    'Prudential Risk Classification': classification.risk,
    'Account Status': classification.accountStatus,
    'Account Status Date': crbDate(classification.accountStatusDay),
    'Account Closure Reason': '',
    'Repayment Period': String(Math.max(1, Math.ceil(facts.durationInDays / 30))),
    'Deferred Payment Date': '',
    'Deferred Payment Amount': '',
    'Payment Frequency': paymentFrequency(facts.cycleDays, facts.durationInDays),
    'Disbursement Date': crbDate(disbursedDay),
    'Next Instalment Amount': shillings(at.owed === 0 ? 0 : (at.nextInstalment?.amount ?? 0)),
    'Date of Latest Payment': at.lastPayment ? crbDate(at.lastPayment.day) : '',
    'Last Payment Amount': at.lastPayment ? shillings(at.lastPayment.amount) : '',
    'Type of Security': 'U',
  };
}

export function recordLine<F extends string>(names: readonly F[], record: Record<F, string>) {
  return names.map((name) => record[name]).join(CRB_SEPARATOR);
}

export const consumerLine = (record: Record<ConsumerField, string>) =>
  recordLine(consumerFields, record);
export const accountLine = (record: Record<AccountField, string>) =>
  recordLine(accountFields, record);

const realDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Every problem of a loan's two records, each with what to fix. */
export function checkRecords(facts: LoanFacts, at: LoanAt, monthEndDay: string): CrbIssue[] {
  const { borrower } = facts;
  const issues: CrbIssue[] = [];
  const add = (fieldName: string, value: string, problemKey: CrbProblemKey, fixKey: CrbFixKey) => {
    const problem =
      problemKey === 'tooLong' ? t.problems.tooLong(CRB_NAME_MAX) : t.problems[problemKey];
    issues.push({
      borrowerId: borrower.id,
      loanId: facts.loanId,
      loanCode: facts.loanCode,
      borrowerName: `${borrower.firstName} ${borrower.lastName}`.trim(),
      field: fieldName,
      value,
      problem: `${fieldName} ${problem}`,
      fix: t.fixes[fixKey],
      problemKey,
      fixKey,
    });
  };
  for (const [fieldName, value] of [
    ['Surname', borrower.lastName.trim()],
    ['Forename 1', borrower.firstName.trim()],
  ] as const) {
    if (!value) add(fieldName, value, 'missing', 'name');
    else if (value.length > CRB_NAME_MAX) add(fieldName, value, 'tooLong', 'name');
    else if (!crbNamePattern.test(value)) add(fieldName, value, 'nameCharacters', 'name');
  }
  const id = borrower.idNumber.trim();
  if (!id) add('Primary Identification Doc Number', id, 'missing', 'id');
  else if (!kenyanIdPattern.test(id))
    add('Primary Identification Doc Number', id, 'idFormat', 'id');
  if (!kenyanMobilePattern.test(borrower.phoneNumber))
    add('Mobile Telephone Number', borrower.phoneNumber, 'phoneFormat', 'phone');
  if (!realDay(borrower.dob)) add('Date of Birth', borrower.dob, 'dateInvalid', 'dob');
  else if (borrower.dob > monthEndDay) add('Date of Birth', borrower.dob, 'dateFuture', 'dob');
  else {
    const years = yearsBetween(borrower.dob, monthEndDay);
    if (years < 18) add('Date of Birth', borrower.dob, 'under18', 'dob');
    if (years > 100) add('Date of Birth', borrower.dob, 'over100', 'dob');
  }
  if (borrower.gender !== 'male' && borrower.gender !== 'female')
    add('Gender', borrower.gender, 'gender', 'gender');
  for (const [fieldName, amount] of [
    ['Current Balance', at.owed],
    ['Overdue Balance', at.overdue],
    ['Original Amount', facts.principalCents],
  ] as const) {
    if (amount < 0) add(fieldName, shillings(amount), 'negative', 'amount');
  }
  if (at.overdue > at.owed)
    add('Overdue Balance', shillings(at.overdue), 'overdueAboveBalance', 'amount');
  return issues;
}

function yearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}
