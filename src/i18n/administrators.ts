/**
 * Texts of the super admin's management of administrators (the Administrators section of
 * Settings): the list, adding one (who sets a password from an emailed link), deactivating and
 * reactivating, resetting a second factor, and the server's sentences.
 */
import { inLanguage } from './language';

const en = {
  // the section
  title: 'Administrators',
  subtitle:
    'Who may run the platform. A new administrator sets a password from the emailed link and sets up a second factor at the first sign-in.',
  add: 'Add administrator',
  loadFailed: 'Failed to fetch the administrators',
  showMore: (count: number) => `Show more (${count} more)`,
  empty: 'No administrators yet. Add one so that a second person can approve the riskiest acts.',
  columns: {
    name: 'Name',
    email: 'Email',
    role: 'Role',
    status: 'Status',
    secondFactor: 'Second factor',
    createdAt: 'Added',
    actions: 'Actions',
  },
  roles: { admin: 'Admin', super_admin: 'Super admin' },
  statuses: { active: 'Active', deactivated: 'Deactivated' },
  factorOn: 'Set up',
  factorOff: 'Not set up',
  you: 'You',
  actionsFor: (name: string) => `Actions for ${name}`,

  // adding one
  addTitle: 'Add an administrator',
  addText: 'They get an email with a link to choose their password. You never see or choose it.',
  nameLabel: 'Name',
  namePlaceholder: 'Wanjiku Kamau',
  emailLabel: 'Email',
  emailPlaceholder: 'name@example.co.ke',
  nameRequired: 'Name is required',
  save: 'Add administrator',
  saving: 'Adding...',
  addFailed: 'Failed to add the administrator',
  successTitle: 'Success',

  // deactivating, reactivating, resetting the second factor
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  resetFactor: 'Reset second factor',
  deactivateTitle: 'Deactivate this administrator',
  deactivateText: (name: string, email: string) =>
    `${name} (${email}) will be signed out at once and cannot sign in until reactivated.`,
  confirmDeactivate: 'Deactivate',
  deactivating: 'Deactivating...',
  reactivateTitle: 'Reactivate this administrator',
  reactivateText: (name: string, email: string) =>
    `${name} (${email}) may sign in again with their password and second factor.`,
  confirmReactivate: 'Reactivate',
  reactivating: 'Reactivating...',
  resetTitle: 'Reset the second factor',
  resetText: (name: string, email: string) =>
    `${name} (${email}) will be signed out at once and must set up a new second factor at the next sign-in. Do this only when you are sure who asked.`,
  confirmReset: 'Reset second factor',
  resetting: 'Resetting...',
  actionFailed: 'The action failed',

  // the server's sentences
  added: (email: string) =>
    `Administrator added. ${email} has been emailed a link to set a password.`,
  emailTaken: 'This email address already belongs to an account.',
  notFound: 'Administrator not found.',
  deactivated: (name: string) => `${name} is deactivated and has been signed out.`,
  reactivated: (name: string) => `${name} is active again.`,
  notYourself: 'You cannot deactivate your own account.',
  notSuperAdmin: 'A super admin cannot be deactivated.',
  alreadyDeactivated: 'This administrator is already deactivated.',
  alreadyActive: 'This administrator is already active.',
  needTwoActive:
    'A second approval is on, and it needs two active administrators: deactivating this one would leave fewer. Turn the second-approval threshold off in Settings first, or add another administrator.',
  accountDeactivated:
    'This administrator account is deactivated. Please ask the super admin to reactivate it.',
} as const;

export const administratorsText = inLanguage('administrators', en);
export { en as administratorsEnglish };
