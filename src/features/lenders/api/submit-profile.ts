/**
 * PATCH /auth/lender/profile: the wizard's fields and documents as
 * multipart. The answer carries the new access token (status Pending).
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { LenderProfile } from '../../../domain/lender-profile';

/** The multipart names of the documents, as the server reads them. */
export type ProfileFileField =
  | 'passportPhoto'
  | 'idFront'
  | 'idBack'
  | 'businessLicenseUrl'
  | 'registrationCertificateUrl';

export type ProfileFiles = Partial<Record<ProfileFileField, File>>;

export function profileFormData(profile: LenderProfile, files: ProfileFiles): FormData {
  const body = new FormData();
  const fields: Record<string, string> = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber,
    gender: profile.gender,
    lenderRegionId: String(profile.lenderRegionId),
    idNumber: profile.idNumber,
    hasNoBusiness: profile.hasNoBusiness ? 'true' : 'false',
    businessType: String(profile.businessType),
    businessName: profile.businessName,
    paybillNumber: profile.paybillNumber,
    defaultLoanLimit: String(profile.defaultLoanLimit),
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (file) body.append(name, file, file.name);
  }
  return body;
}

/** Answers the new access token (status Pending). */
export async function submitProfile(profile: LenderProfile, files: ProfileFiles): Promise<string> {
  const answer = await http.patchForm('/auth/lender/profile', {
    body: profileFormData(profile, files),
  });
  return answer.token.accessToken;
}

/**
 * Sends the lender's profile; answers the new access token. The lender's record and its
 * first business have changed, so both reload.
 */
export function useSubmitProfile(
  options?: MutationOptions<string, { profile: LenderProfile; files: ProfileFiles }>,
) {
  return useWrite(
    {
      mutationFn: ({ profile, files }: { profile: LenderProfile; files: ProfileFiles }) =>
        submitProfile(profile, files),
      refresh: (queryClient) => void invalidate(queryClient, 'lenders', 'businesses'),
    },
    options,
  );
}
