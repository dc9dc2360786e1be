/**
 * GET /auth/lender/all (the spec's "The calls it makes"): every lender with its region, identity
 * documents and businesses — the rows of the approval table and the Lenders Dashboard.
 */
import { http } from '../../../api/client';

export type LenderBusiness = {
  id: number;
  businessName: string;
  lenderBusinessCode: string;
  status: string;
  paybillNumber: string | null;
  defaultLoanLimit: number | string | null;
  lenderBusinessTypeId: number | null;
  lenderBusinessType?: { id: number; name: string; businessType: string } | null;
  /** Storage keys of the documents; links to them come from getDocumentUrl. */
  businessLicenseUrl: string | null;
  registrationCertificateUrl: string | null;
  createdAt: string;
};

export type Lender = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  idNumber: string | null;
  gender: string | null;
  status: string;
  createdAt: string;
  passportPhoto: string | null;
  idFront: string | null;
  idBack: string | null;
  lenderRegion: { id?: number; name: string } | null;
  rejectionReason?: string | null;
  lenderBusinesses: LenderBusiness[];
};

export function getLenders(): Promise<Lender[]> {
  return http.get<Lender[] | null>('/auth/lender/all').then((list) => list ?? []);
}
