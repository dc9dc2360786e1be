/** A borrower as the borrower endpoints answer it (the spec's "Borrower"). */
export type BorrowerBusiness = { id: number; businessName: string };
export type BorrowerArea = { id: number; name: string };

export type Borrower = {
  id: number;
  firstName: string;
  lastName: string;
  /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: string;
  alternativePhoneNumber: string | null;
  referringBorrowerId: number | null;
  lenderBusinessId: number;
  lenderBusinesses: BorrowerBusiness[];
  lenderBusinessArea: BorrowerArea | null;
  gender: string;
  /** YYYY-MM-DD. */
  dob: string;
  nextOfKinName: string;
  nextOfKinNumber: string;
  nextOfKinRelation: string;
  idNumber: string;
  /** Storage keys of the documents, for GET /auth/lender/presigned-url. */
  passportPhoto: string | null;
  idFront: string | null;
  idBack: string | null;
  status: string;
  loanLimit: number | null;
  createdAt: string;
};
