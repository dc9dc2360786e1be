/**
 * The texts of a loan statement (issue 17 part 4): its title, the kinds of lines and the
 * disclosure the CBK (Digital Credit Providers) Regulations 2022 ask a lender to give with
 * the terms of a loan. Amounts arrive formatted ("KES 1,234.00").
 */
import { inLanguage, type Catalogue } from './language';
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

const sw: Catalogue<typeof en> = {
  title: 'Taarifa ya mkopo',
  generated: (business: string, at: string) => `${business} · imetolewa ${at}`,
  sections: {
    loan: 'Mkopo',
    disclosure: 'Masharti na ufichuzi',
    schedule: 'Ratiba',
    lines: 'Miamala',
    totals: 'Jumla',
  },
  labels: {
    borrower: 'Mkopaji',
    phone: 'Nambari ya simu',
    idNumber: 'Nambari ya kitambulisho',
    loanCode: 'Nambari ya mkopo (nambari ya akaunti ya M-Pesa)',
    paybill: 'Paybill',
    status: 'Hali',
    disbursed: 'Ulitolewa',
    due: 'Mwisho wa kulipa',
    notYet: 'Bado',
    principal: 'Kiasi cha mkopo',
    costOfCredit: 'Gharama yote ya mkopo',
    totalToRepay: 'Jumla ya kulipa',
    balanceNow: 'Salio sasa',
    finesCharged: 'Faini zilizotozwa',
    paid: 'Kilicholipwa',
    paidFines: '  kati yake faini',
    paidInterest: '  kati yake riba',
    paidPrincipal: '  kati yake kiasi cha mkopo',
    writtenOff: 'Kilichofutiliwa mbali',
    recovered: 'Kilichorejeshwa baada ya kufutiliwa mbali',
    refunded: 'Kilichorudishwa',
    balance: 'Salio',
  },
  columns: {
    instalment: 'Awamu',
    due: 'Tarehe ya kulipa',
    amount: 'Kiasi',
    date: 'Tarehe',
    line: 'Muamala',
    fines: 'Faini',
    interest: 'Riba',
    principal: 'Kiasi cha mkopo',
    balance: 'Salio',
  },
  dayOffset: (day: number) => `Siku ${day}`,
  lines: {
    disbursement: 'Mkopo ulitolewa (kiasi cha mkopo na riba vinadaiwa)',
    fine: (kind: 'within' | 'over', period: number) =>
      kind === 'within'
        ? `Faini: awamu ${period} imechelewa`
        : `Faini: mzunguko ${period} baada ya tarehe ya mwisho`,
    payment: (receipt: string | null) => (receipt ? `Malipo ${receipt}` : 'Malipo'),
    overpayment: 'kimewekwa kwenye pochi ya mkopo kama malipo ya ziada',
    refund: (status: string) => `Kurudishiwa malipo ya ziada (${status})`,
    writeOff: 'Ulifutiliwa mbali',
    recovery: (receipt: string | null) =>
      receipt
        ? `Kilichorejeshwa baada ya kufutiliwa mbali ${receipt}`
        : 'Kilichorejeshwa baada ya kufutiliwa mbali',
  },
  disclosure: (p) => [
    `${p.businessName} ilitoa mkopo huu. Taarifa hii inatolewa chini ya Kanuni za Benki Kuu ya Kenya (Watoa Mikopo ya Kidijitali), 2022; mkopaji anaweza kuiomba wakati wowote, bila malipo.`,
    `Kiasi cha mkopo ${p.principal} kwa siku ${p.durationInDays}. Ada ya usindikaji ${p.fee} (${p.feeRate}%), inakatwa kutoka kiasi kinachotumwa. Riba ${p.interest} (${p.interestRate}% ya kiasi cha mkopo, bapa).`,
    `Gharama yote ya mkopo: ${p.costOfCredit}, sawa na ${p.costShare}% ya kiasi cha mkopo. Jumla ya kulipa: ${p.total}.`,
    `Kuchelewa kulipa: ${p.fineWithin}% ya deni la awamu iliyochelewa zaidi ya siku ${p.graceWithin}, mara moja kwa kila awamu; baada ya tarehe ya mwisho pamoja na siku ${p.graceOver}, ${p.fineOver}% ya salio kwa kila mzunguko wa siku ${p.cycleDays}.`,
    'Mkopo ukishakuwa mbaya, riba na faini kwa pamoja hazizidi kamwe kiasi cha mkopo kinachodaiwa wakati huo (kanuni ya in duplum).',
    'Malipo hulipia faini kwanza, kisha riba, kisha kiasi cha mkopo. Chochote kinacholipwa zaidi ya salio kinarudishwa.',
    'Taarifa zako hushirikiwa tu kama sheria inavyoruhusu; hatuwasiliani kamwe na wadhamini wako, jamaa wa karibu au watu unaowajua kuhusu deni hili.',
  ],
};

export const statementText = inLanguage({ en, sw });
export const statementCatalogue = { en, sw };
