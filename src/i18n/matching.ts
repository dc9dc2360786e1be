/**
 * Texts of the money-in screens: matching M-Pesa repayments to loans by hand, and the
 * fines and repayments of a business.
 */

/** What the three screens share. */
export const moneyInText = {
  chooseBusinessText:
    'Repayments and fines belong to a lender business. Pick the business you want to look at.',
  loanCodeFilter: {
    label: 'Loan Code',
    placeholder: 'All loan codes',
    description: 'Choose the same code again to clear the filter.',
    nothingFound: 'No loan code matches',
  },
  refresh: 'Refresh',
  showMore: (count: number) => `Show more (${count} more)`,
} as const;

export const matchingText = {
  title: 'Manual Match Management',
  subtitle: (businessName: string) =>
    `M-Pesa repayments to the paybill of ${businessName}. Payments whose account number matched no loan wait under Unmatched Repayments.`,
  subtitleNoBusiness: 'Choose a business to see its M-Pesa repayments.',
  allTab: 'MPesa Repayments',
  unmatchedTab: 'Unmatched Repayments',
  tabsLabel: 'Repayments',
  matchButton: 'Match Repayments',
  columns: {
    transaction: 'Transaction',
    accountNumber: 'Account Number',
    amount: 'Amount',
    paidBy: 'Paid By',
    loan: 'Matched Loan',
    status: 'Status',
    date: 'Date',
  },
  matched: 'Matched',
  unmatched: 'Unmatched',
  accountNumber: 'Account number:',
  blankAccount: '(blank)',
  loanOf: (loanCode: string, borrower: string) => `${loanCode} · ${borrower}`,
  noRepayments:
    'No M-Pesa repayments yet. When borrowers pay to your paybill with their loan code, the payments appear here.',
  noUnmatched:
    'No unmatched repayments. Payments whose account number matches no loan code appear here for you to match.',

  // the how-to guide (Unmatched tab)
  guideTitle: 'How to match a repayment',
  guideSteps: [
    'Borrowers pay to your paybill with their loan code as the account number. When they mistype it, no loan has that code, so the payment waits here, unmatched.',
    'Find whose payment it is: compare the account number, amount, payer and date with your loans, or call the borrower.',
    'Click Match Repayments, choose the loan, tick its payments and click Match.',
    'The money is applied to the loan (fines, then interest, then principal) and the payment shows as Matched. A match cannot be undone.',
  ],

  // the dialog
  dialogTitle: 'Match Repayments',
  loanLabel: 'Loan',
  loanPlaceholder: 'Search by loan code or borrower',
  loanOption: (loanCode: string, borrower: string) => `${loanCode} · ${borrower}`,
  loansLoading: 'Loading loans...',
  noOpenLoans: 'No active loans in this business. Only active or defaulted loans take repayments.',
  loansFailed: 'The loans could not be loaded.',
  noLoanMatches: 'No loan matches this search.',
  repaymentsLabel: 'Repayments',
  repaymentsHint: 'Tick every payment that belongs to the chosen loan.',
  repaymentOption: (transaction: string, amount: string) => `${transaction} · ${amount}`,
  repaymentDetail: (account: string, payer: string, date: string) =>
    `Account ${account} · ${payer} · ${date}`,
  selectedTotal: (count: number, total: string) =>
    `${count} ${count === 1 ? 'repayment' : 'repayments'} selected, ${total} in all`,
  outstandingNow: (amount: string) => `Outstanding on this loan: ${amount}`,
  outstanding: (amount: string) => `${amount} outstanding`,
  cancel: 'Cancel',
  submit: 'Match',
  submitting: 'Matching...',
  successTitle: 'Repayments matched',
} as const;

export const finesText = {
  title: 'Fines Management',
  subtitle: (businessName: string) =>
    `Fines drawn on late loans of ${businessName}, and what is still unpaid. Repayments pay fines first.`,
  subtitleNoBusiness: 'Choose a business to see its fines.',
  totalFines: 'Total Fines',
  totalFinesLabel: 'Fines drawn',
  totalFineAmount: 'Total Fine Amount',
  totalFineAmountLabel: 'Charged',
  outstandingBalance: 'Outstanding Balance',
  outstandingBalanceLabel: 'Still unpaid, written-off loans left out',
  columns: {
    loanCode: 'Loan Code',
    borrower: 'Borrower',
    fineAmount: 'Fine Amount',
    fineRate: 'Rate',
    fineBalance: 'Balance',
    status: 'Status',
    date: 'Date',
  },
  paid: 'Paid',
  unpaid: 'Unpaid',
  balanceOf: (amount: string) => `Balance: ${amount}`,
  rateOf: (rate: string) => `Rate: ${rate}`,
  noFines:
    'No fines yet. When a loan falls behind its schedule beyond the grace days of its plan, its fines appear here.',
  noFinesForCode: (loanCode: string) => `No fines on loan ${loanCode}.`,
} as const;

export const repaymentsText = {
  title: 'Repayment Management',
  subtitle: (businessName: string) =>
    `Repayments applied to loans of ${businessName}, split into principal, interest and fines.`,
  subtitleNoBusiness: 'Choose a business to see its repayments.',
  totalRepaymentAmount: 'Total Repayment Amount',
  totalRepaymentAmountLabel: (count: number) =>
    `${count} ${count === 1 ? 'repayment' : 'repayments'}`,
  outstandingBalance: 'Outstanding Balance',
  outstandingBalanceLabel: (count: number) =>
    `Still owed on ${count} ${count === 1 ? 'loan' : 'loans'}`,
  columns: {
    loanCode: 'Loan Code',
    borrower: 'Borrower',
    principalAmount: 'Principal',
    interestAmount: 'Interest',
    fineAmount: 'Fines',
    total: 'Total',
    date: 'Date',
  },
  split: (principal: string, interest: string, fines: string) =>
    `Principal ${principal} · Interest ${interest} · Fines ${fines}`,
  noRepayments:
    'No repayments yet. M-Pesa payments to your paybill with a loan code, and payments you match by hand, appear here.',
  noRepaymentsForCode: (loanCode: string) => `No repayments on loan ${loanCode}.`,
} as const;
