/** The Kiswahili side of src/i18n/statement.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { statementEnglish } from '../statement';

export const statement: Catalogue<typeof statementEnglish> = {
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
