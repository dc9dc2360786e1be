/**
 * Sentences for input the server refuses whatever the form (docs/architecture.md §3: bad input
 * answers 4xx with a sentence, never 500). Field limits are shared by forms and server.
 */
import { inLanguage } from './language';
const en = {
  /** How the sentences name a field. */
  labels: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    idNumber: 'ID number',
    phoneNumber: 'Phone number',
    alternativePhoneNumber: 'Alternative phone number',
    businessName: 'Business name',
    paybillNumber: 'Paybill number',
    name: 'Name',
    description: 'Description',
    loanCode: 'Loan code',
    reason: 'The reason',
    page: 'Page',
    limit: 'Limit',
    nextOfKinName: 'Next of kin name',
    nextOfKinNumber: 'Next of kin number',
    nextOfKinRelation: 'Next of kin relation',
  },
  controlCharacter: (field: string | null) =>
    `${field ? `The field "${field}"` : 'This request'} contains a control character (such as NUL) that cannot be stored. Please remove it and try again.`,
  tooLong: (label: string, max: number) =>
    `${label} must be at most ${max.toLocaleString('en-KE')} characters`,
  wholeNumberRange: (label: string, min: number, max: number) =>
    `${label} must be a whole number from ${min.toLocaleString('en-KE')} to ${max.toLocaleString('en-KE')}.`,
  numberWithSpaces: 'Write the number without spaces around it.',
  amountTwoDecimals: 'Enter an amount with at most two decimals.',
  /** PostgreSQL refused a value the schemas let through (a safety net, not the rule). */
  unstorableValue:
    'A value in this request cannot be stored (wrong type, out of range or too long). Please check it and try again.',
  badAddress: 'This address cannot be read: it holds an encoding that is not valid.',
  addressTooLong: 'This address is too long.',
  jsonOnly: 'This address takes JSON, not a form upload.',
  nestedTooDeeply: 'This request is nested too deeply to be read.',
  bodyNotObject: 'Send the body of this request as a JSON object.',
  badMultipart: 'Send this form as multipart/form-data with its fields and files.',
  badFileName: 'A file name contains a control character. Please rename the file and try again.',
} as const;

export const inputText = inLanguage('input', en);
export { en as inputEnglish };
