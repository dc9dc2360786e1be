/**
 * POST /lender-business/register: multipart with the business fields,
 * status new and the two documents; the answer must carry data.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { setupText } from '../../../i18n/setup';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { businessRegistrationSchema, lenderBusinessView } from '../../../domain/setup';

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

/**
 * Registers the lender's business; an answer without data counts as a failure. The
 * lender's businesses reload.
 */
export function useRegisterBusiness(
  options?: MutationOptions<AnswerWith<typeof lenderBusinessView>, NewBusiness>,
) {
  return useWrite(
    {
      mutationFn: async (business: NewBusiness) => {
        const answer = await registerBusiness(business);
        if (!answer?.data) throw new Error(setupText.signUpEmpty);
        return answer;
      },
      refresh: (queryClient) => void invalidate(queryClient, 'businesses'),
    },
    options,
  );
}
