/** Texts of lender onboarding and the admin's lender screens (spec part 1 §2.8–§2.12, §5, §8). */
export const lendersText = {
  // profile wizard validation (§5; where the spec gives no words, plain sentences)
  firstNameShort: 'First name must be at least 2 characters',
  lastNameShort: 'Last name must be at least 2 characters',
  invalidPhone: 'Invalid phone number',
  genderRequired: 'Gender is required',
  regionRequired: 'Region is required',
  idNumberShort: 'ID number must be at least 6 characters',
  businessTypeRequired: 'Business type is required',
  businessNameShort: 'Business name must be at least 2 characters',
  paybillShort: 'Paybill number must be at least 5 digits',
  loanLimitMin: 'Default loan limit must be at least 1',
  loanLimitMax: 'Default loan limit is too large',
  identityBoth: 'Upload either a passport photo or both sides of the ID, not both.',
  businessDocumentsRequired:
    'Upload the business licence and the registration certificate of the business.',

  // profile wizard messages (§8)
  regionsFailed: 'Failed to load regions. Please try again.',
  missingFilesTitle: 'Missing Files',
  missingFiles: 'Please upload all required identification documents.',
  profileFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Your profile has been updated successfully and is pending approval.',
  profileAlreadySubmitted: 'Your profile has already been submitted and is under review.',

  // admin actions (§8)
  lendersFetchFailed: 'Failed to fetch lenders. Please try again later.',
  approvalFailed: 'Approval failed. Please try again.',
  rejectionFailed: 'Rejection failed. Please try again.',
  blockingFailed: 'Blocking failed. Please try again.',
  suspensionFailed: 'Suspension failed. Please try again.',
  dashboardBlockFailed: 'Failed to block lender',
  dashboardApproveFailed: 'Failed to approve lender',
  dashboardSuspendFailed: 'Failed to supend lender',
  dashboardBlocked: 'Succcessfully blocked lender',
  dashboardSuspended: 'Succcessfully suspended lender',
  pendingFetchFailed: 'Failed to fetch pending lenders',
  detailsFetchFailed: 'Failed to fetch lender details',
  approveFailed: 'Failed to approve lender',
  rejectFailed: 'Failed to reject lender',
  rejectionReasonRequired: 'Please provide a reason for rejection',

  // server answers
  lenderNotFound: 'Lender not found.',
  approved: 'Lender approved. Its businesses are now active.',
  rejected: 'Lender rejected.',
  blocked: 'Lender blocked.',
  suspended: 'Lender suspended.',
  activated: 'Lender activated.',
  transitionRefused: (status: string, action: string) =>
    `This lender is ${status}; it cannot be ${action}.`,
} as const;
