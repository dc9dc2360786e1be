/** A loan as the refund screens read it (the spec's "Loan": latestWallet, refund). */
export type RefundLoan = {
  id: number;
  loanCode: string;
  status: string;
  principalAmount: number;
  initialAmount: number;
  outstandingAmount: number;
  disbursementDate: string | null;
  dueDate: string | null;
  lenderBusinessId: number;
  borrower: {
    id: number;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    idNumber: string;
  };
  lenderLoanPlan: {
    name: string;
    durationInDays: number;
    interestRate: number;
    processingFee: number;
    lenderBusiness: { id: number; businessName: string; lenderBusinessCode?: string | null };
  };
  latestWallet: {
    /** What the borrower overpaid and has not had back. */
    total: number;
    refund: {
      refunded: 'refunded' | 'notrefunded';
      amount: number;
      status: 'pending' | 'refunded' | 'failed' | null;
    };
  };
};
