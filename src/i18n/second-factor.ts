/**
 * Texts of the second factor (TOTP with recovery codes): the code step of sign-in, enrolment,
 * the settings card, the code dialog before a withdrawal, and the server's sentences.
 */
import { inLanguage } from './language';

const en = {
  // the code step of sign-in
  codeTitle: 'Enter your code',
  codeSubtitle: 'Open your authenticator app and type the 6-digit code it shows for Mkopo.',
  codeLabel: 'Code',
  codePlaceholder: '123456',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app instead',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodePlaceholder: 'xxxxx-xxxxx',
  startOver: 'Start over',
  challengeExpired: 'This sign-in took too long. Please enter your email and password again.',

  // enrolment
  enrolTitle: 'Set up a second factor',
  enrolSubtitle:
    'Signing in will ask for a code from an authenticator app on your phone as well as your password.',
  enrolRequired: 'Administrators must set up a second factor before they can continue.',
  enrolBusinessRequired: 'One of your businesses requires a second factor for your account.',
  enrolStepScan:
    'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…).',
  enrolStepType: 'Or type this key into the app:',
  secretLabel: 'Key',
  qrAlt: 'QR code of your Mkopo authenticator key',
  enrolStepConfirm: 'Then type the 6-digit code the app shows to confirm.',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  startEnrol: 'Set up a second factor',
  starting: 'Preparing...',
  recoveryTitle: 'Your recovery codes',
  recoveryText:
    'Keep these codes somewhere safe, apart from your phone. Each one signs you in once if you lose your phone. They are shown only now.',
  recoveryDone: 'I have saved my recovery codes',
  copyCodes: 'Copy codes',
  copied: 'Copied',
  enrolledTitle: 'Second factor on',
  enrolled: 'Your second factor is on. Signing in will ask for a code.',
  continueLabel: 'Continue',

  // settings card
  settingsTitle: 'Second factor',
  settingsOff: 'Off: signing in asks for your password only.',
  settingsOn: 'On: signing in asks for a code from your authenticator app.',
  recoveryLeft: (left: number) =>
    left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`,
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off the second factor',
  turnOffText: 'Type a code from your app to turn the second factor off.',
  turnedOff: 'The second factor is off.',
  businessRequiresLabel: 'Require a second factor for my account',
  businessRequiresDescription:
    'While this is on, the second factor cannot be turned off and signing in always asks for a code.',
  businessRequirementSaved: 'Saved.',

  // step-up before money leaves
  stepUpTitle: 'Confirm it is you',
  stepUpText: 'Type a code from your authenticator app to go on.',
  cancel: 'Cancel',

  // server sentences
  codeRequired: 'Enter the 6-digit code or a recovery code.',
  invalidCode: 'That code is not right. Check the time on your phone and try again.',
  codeReused: 'That code was just used. Wait for the next code and try again.',
  enrolmentRequired: 'Set up a second factor to continue.',
  stepUpRequired: 'Enter a code from your authenticator app to confirm this.',
  alreadyEnrolled: 'A second factor is already on for this account.',
  noEnrolment: 'Start the set-up of a second factor first.',
  notEnrolled: 'This account has no second factor.',
  factorRequiredByRole: 'Administrators cannot turn their second factor off.',
  factorRequiredByBusiness:
    'One of your businesses requires a second factor. Turn that off in the business settings first.',
  enrolBeforeRequiring: 'Turn on your own second factor before requiring it.',
  userNotFound: 'User not found.',
  factorReset: 'The second factor was reset and every session of that user ended.',
  agentsNoFactor: 'Agents sign in with a password only.',
} as const;

export const secondFactorText = inLanguage('secondFactor', en);
export { en as secondFactorEnglish };
