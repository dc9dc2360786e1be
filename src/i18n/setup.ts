/** Texts of a lender's business setup: registration, areas, repayment cycles, loan plans (spec part 2 §2, §5, §8). */
export const setupText = {
  // business registration
  businessNameRequired: 'Business name is required',
  paybillRequired: 'Paybill Number is required',
  defaultLoanLimitRequired: 'Default loan limit is required',
  businessTypeRequired: 'Area is required',
  licenceRequired: 'Business License image is required',
  certificateRequired: 'Registration Certificate image is required',
  businessCreated: 'Lender Business successfully created',
  signUpEmpty: 'An error occurred during sign up',
  businessNotFound: 'Business not found.',
  businessNotUsable: 'This business is rejected or blocked and cannot be used.',

  // areas
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  businessRequired: 'Business is required',
  areaFailed: 'An error occurred during registering lender buiness area',
  areaCreated: 'Lender business area successfully created',
  areaExists: 'This business already has an area with this name.',

  // repayment cycles (schema not in the spec)
  cycleNameRequired: 'Name is required',
  cycleDaysRange: 'Days must be a whole number from 1 to 365',
  cycleFailed: 'An error occurred during registering repayment cycle',
  cycleCreated: 'Repayment cycle successfully created',
  cycleExists: 'This business already has a repayment cycle with this name.',

  // loan plans
  planNameRequired: 'Loan plan name is required',
  durationMin: 'Duration must be at least 1 day',
  rateMin: 'must be at least 0%',
  rateMax: 'cannot exceed 100%',
  cycleRequired: 'Please select a repayment cycle',
  planBusinessRequired: 'Please select a business',
  planCreated: 'Loan plan created successfully!',
  planFailed: 'Loan plan failed!',
  durationShorterThanCycle: (days: number) =>
    `Duration must be at least the repayment cycle's ${days} days`,
  cycleNotInBusiness: 'Please select a repayment cycle of this business',
} as const;
