/** Texts of the administrators' screens (spec part 1 §2.11–§2.12, part 2 business types, regions, admin profile). */
export const adminText = {
  // regions (part 2 §5, §8)
  regionNameRequired: 'Name is required',
  regionDescriptionRequired: 'Description is required',
  regionCreated: 'Lender region successfully created',
  regionExists: 'A region with this name already exists.',

  // business types (part 2 §5, §8)
  typeNameShort: 'Name must be at least 2 characters',
  typeDescriptionShort: 'Description must be at least 2 characters',
  typeKindRequired: 'Type must be individual or business',
  typesFetchFailed: 'Failed to fetch business types',
  typeDeleteFailed: 'Failed to delete business type',
  typeUpdateFailed: 'Failed to update business type',
  typeCreateFailed: 'Failed to create business type',
  typeCreated: 'Business type created',
  typeUpdated: 'Business type updated',
  typeDeleted: 'Business type deleted',
  typeExists: 'A business type with this name already exists.',
  typeNotFound: 'Business type not found.',
  lastIndividualType:
    'Lenders without a business need a business type of kind individual; this is the last one, so it cannot be deleted.',
  typeInUse: (count: number) =>
    `This business type is used by ${count} ${count === 1 ? 'business' : 'businesses'} and cannot be deleted.`,

  // admin profile (part 1 §8)
  profileFetchFailed: 'Failed to fetch admin profile.',
  profileUpdateFailed: 'Failed to update profile.',
  profileUpdated: 'Profile updated successfully!',
  adminNotFound: 'Administrator not found.',
  invalidEmail: 'Invalid email address',
  emailTaken: 'An account with this email already exists.',

  tooLong: 'This text is too long.',
} as const;
