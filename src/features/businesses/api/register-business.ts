/**
 * POST /lender-business/register: multipart with the business fields,
 * status new and the two documents; the answer must carry data.
 */
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { businessRegistrationSchema } from '../../../domain/setup';

export type NewBusiness = v.InferOutput<typeof businessRegistrationSchema> & {
  businessLicenseUrl: File;
  registrationCertificateUrl: File;
};

export function registerBusiness(business: NewBusiness) {
  const body = new FormData();
  body.append('businessName', business.businessName);
  body.append('paybillNumber', business.paybillNumber);
  body.append('defaultLoanLimit', String(business.defaultLoanLimit));
  body.append('lenderBusinessTypeId', String(business.lenderBusinessTypeId));
  body.append('status', 'new');
  body.append('businessLicenseUrl', business.businessLicenseUrl);
  body.append('registrationCertificateUrl', business.registrationCertificateUrl);
  return http.postForm('/lender-business/register', { body });
}
