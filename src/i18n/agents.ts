/** Texts of agent management: the agents page, the create and edit forms, their errors. */
import { inLanguage } from './language';
const en = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  invalidEmail: 'Invalid email address',
  idNumberRequired: 'ID Number is required',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Invalid phone number',
  businessRequired: 'Business is required',
  areaRequired: 'Lender Business Area is required',
  updateFailed: 'Failed to update agent',
  loadFailed: 'Failed to load agents',
  reassignFailed: 'Failed to reassign agent',
  addBusinessFailed: 'Failed to add business to agent',
  dataFailed: 'Failed to load agent data',
  notAuthenticated: 'User not authenticated',
  missingParameters: 'Missing required parameters',
  notFound: 'Agent Not Found',
  created: 'Agent registered. A link to set a password has been sent to their email.',
  updated: 'Agent updated',
  profileUpdated: 'Profile updated successfully!',
  reassigned: 'Agent moved to the new business',
  businessAdded: 'Business added to the agent',
  suspended: 'Agent suspended',
  activated: 'Agent reactivated',
  emailTaken: 'An account with this email already exists.',
  areaNotInBusiness: 'Choose an area of the selected business.',
  alreadyInBusiness: 'The agent already works for this business.',
  cannotSuspend: (status: string) =>
    `This agent is ${status}; only an active agent can be suspended.`,
  cannotActivate: (status: string) =>
    `This agent is ${status}; only a suspended agent can be reactivated.`,
  // agents page
  pageTitle: 'Agents',
  pageSubtitle: (businessName: string) =>
    `The field agents of ${businessName}: invite them, keep their details current and control their access.`,
  pageSubtitleNoBusiness: 'Choose a business to see and manage its field agents.',
  chooseBusinessText:
    'Agents work for a lender business. Pick the business whose agents you want to manage.',
  successTitle: 'Success',
  registerAgent: 'Register Agent',
  registering: 'Registering...',
  nameColumn: 'Name',
  emailColumn: 'Email',
  phoneColumn: 'Phone Number',
  idNumberColumn: 'ID Number',
  areaColumn: 'Area',
  statusColumn: 'Status',
  actionsColumn: 'Actions',
  noAgents:
    'No agents in this business yet. Use Register Agent to invite one: they get an email with a link to set their password.',
  statusLabels: {
    new: 'Invited',
    active: 'Active',
    suspended: 'Suspended',
    blocked: 'Blocked',
  } as Record<string, string | undefined>,
  actionsFor: (name: string) => `Actions for ${name}`,
  edit: 'Edit',
  openEditPage: 'Open edit page',
  addBusiness: 'Add business',
  moveToBusiness: 'Move to business',
  suspend: 'Suspend',
  reactivate: 'Reactivate',

  // agent form (create dialog, edit dialog, edit page)
  createTitle: 'Register Agent',
  createDescription:
    'The agent receives an email with a link to set a password, then signs in at the agent login.',
  editTitle: 'Edit Agent',
  firstNameLabel: 'First Name',
  lastNameLabel: 'Last Name',
  emailLabel: 'Email',
  idNumberLabel: 'ID Number',
  phoneLabel: 'Phone Number',
  phonePlaceholder: '07XXXXXXXX',
  businessLabel: 'Business',
  businessPlaceholder: 'Select a business',
  areaLabel: 'Lender Business Area',
  areaPlaceholder: 'Select an area',
  areaNeedsBusiness: 'Choose a business first',
  noAreas: 'This business has no areas yet. Add one under Lender Business Area first.',
  businessesFailed: 'Your businesses could not be loaded.',
  areasFailed: 'The areas of this business could not be loaded.',
  unusableBusiness: (status: string) => `${status}: cannot be used`,
  save: 'Save changes',
  saving: 'Saving...',
  cancel: 'Cancel',

  // add business / move to business
  addBusinessTitle: 'Add business',
  addBusinessText: (name: string) =>
    `${name} keeps the current businesses and also works for the one you choose.`,
  adding: 'Adding...',
  moveTitle: 'Move to business',
  moveText: (name: string) =>
    `${name} leaves every current business and works only for the one you choose. Set their area there afterwards with Edit.`,
  moveAgent: 'Move agent',
  moving: 'Moving...',
  targetBusinessLabel: 'Business',
  noOtherBusiness: 'You have no other business to choose.',

  // suspend / reactivate
  suspendTitle: 'Suspend this agent?',
  suspendText: (name: string) =>
    `${name} will not be able to sign in or work until you reactivate them.`,
  suspending: 'Suspending...',
  reactivateTitle: 'Reactivate this agent?',
  reactivateText: (name: string) => `${name} will be able to sign in and work again.`,
  reactivating: 'Reactivating...',

  // edit page
  updatePageSubtitle: "Change an agent's details, business and area.",
  updateSubtitle: (name: string) => `Change ${name}'s details, business and area.`,
  backToAgents: 'Back to agents',
  notFoundText: 'There is no agent with this id among your agents.',

  // profile pages (agent and lender)
  profileTitle: 'My Profile',
  agentProfileSubtitle: 'Your personal details and the businesses you work for.',
  lenderProfileSubtitle: 'Your personal details, documents and businesses.',
  lenderProfileFailed: 'Failed to load your profile',
  personalTab: 'Personal',
  businessTab: 'Business',
  nameLabel: 'Name',
  statusLabel: 'Status',
  memberSince: 'Member since',
  businessCode: 'Business code',
  currentBusiness: 'Current',
  noArea: 'No area assigned',
  ownDetailsTitle: 'Update your details',
  askLenderToChange: 'Your email and ID number can only be changed by your lender.',
  updateProfile: 'Update Profile',
  profileUpdateFailed: 'Failed to update profile.',
  agentNoBusinesses: 'You are not assigned to a business yet. Ask your lender to add you.',
} as const;

export const agentsText = inLanguage('agents', en);
export { en as agentsEnglish };
