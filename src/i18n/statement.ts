/**
 * The texts of a loan statement (the README's "The borrower's statement and data rights"): its
 * title, the kinds of lines and the disclosure the CBK (Digital Credit Providers) Regulations 2022
 * ask a lender to give with the terms of a loan. Amounts arrive formatted ("KES 1,234.00").
 */
import { inLanguage } from './language';
const en = {
  title: 'Loan statement',
  // The PDF's headings, labels and columns.
  generated: (business: string, at: string) => `${business} · generated ${at}`,
  sections: {
    loan: 'Loan',
    disclosure: 'Terms and disclosure',
    schedule: 'Schedule',
    lines: 'Lines',
    totals: 'Totals',
  },
  labels: {
    borrower: 'Borrower',
    phone: 'Phone number',
    idNumber: 'ID number',
    loanCode: 'Loan code (M-Pesa account number)',
    paybill: 'Paybill',
    status: 'Status',
    disbursed: 'Disbursed',
    due: 'Due',
    notYet: 'Not yet',
    principal: 'Principal',
    costOfCredit: 'Total cost of credit',
    totalToRepay: 'Total to repay',
    balanceNow: 'Balance now',
    finesCharged: 'Fines charged',
    paid: 'Paid',
    paidFines: '  of which fines',
    paidInterest: '  of which interest',
    paidPrincipal: '  of which principal',
    writtenOff: 'Written off',
    recovered: 'Recovered after write-off',
    refunded: 'Refunded',
    balance: 'Balance',
  },
  columns: {
    instalment: 'Instalment',
    due: 'Due',
    amount: 'Amount',
    date: 'Date',
    line: 'Line',
    fines: 'Fines',
    interest: 'Interest',
    principal: 'Principal',
    balance: 'Balance',
  },
  dayOffset: (day: number) => `Day ${day}`,
  lines: {
    disbursement: 'Loan disbursed (principal and interest owed)',
    fine: (kind: 'within' | 'over', period: number) =>
      kind === 'within'
        ? `Fine: instalment ${period} in arrears`
        : `Fine: cycle ${period} after the due date`,
    payment: (receipt: string | null) => (receipt ? `Payment ${receipt}` : 'Payment'),
    overpayment: 'kept in the loan wallet as overpayment',
    refund: (status: string) => `Refund of overpayment (${status})`,
    writeOff: 'Written off',
    recovery: (receipt: string | null) =>
      receipt ? `Recovery after write-off ${receipt}` : 'Recovery after write-off',
  },
  disclosure: (p: {
    businessName: string;
    principal: string;
    fee: string;
    feeRate: string;
    interest: string;
    interestRate: string;
    costOfCredit: string;
    costShare: string;
    total: string;
    durationInDays: number;
    fineWithin: string;
    graceWithin: string;
    fineOver: string;
    graceOver: string;
    cycleDays: number;
  }) => [
    `${p.businessName} lent this loan. This statement is given under the Central Bank of Kenya (Digital Credit Providers) Regulations, 2022; the borrower may ask for it at any time, free of charge.`,
    `Principal ${p.principal} for ${p.durationInDays} days. Processing fee ${p.fee} (${p.feeRate}%), deducted from the amount sent. Interest ${p.interest} (${p.interestRate}% of the principal, flat).`,
    `Total cost of credit: ${p.costOfCredit}, which is ${p.costShare}% of the principal. Total to repay: ${p.total}.`,
    `Late payment: ${p.fineWithin}% of the arrears of an instalment more than ${p.graceWithin} days late, once per instalment; after the due date plus ${p.graceOver} days, ${p.fineOver}% of the balance for each ${p.cycleDays}-day cycle.`,
    'Once the loan is non-performing, interest and fines together never exceed the principal outstanding at that time (in duplum rule).',
    'Payments are applied to fines first, then interest, then principal. Anything paid beyond the balance is refundable.',
    'Your details are shared only as the law allows; we never contact your referees, next of kin or contacts about this debt.',
  ],
} as const;

export const statementText = inLanguage('statement', en);
export { en as statementEnglish };
