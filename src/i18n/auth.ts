/** Texts of the account screens, from the login screens to the application status pages; binding letter for letter. */
import { inLanguage } from './language';
const en = {
  // validation
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 200 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatchRegister: 'Your passwords do not match',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordComplexity:
    'Password must contain at least 1 uppercase letter, 1 lowercase letter, and 1 number or special character',
  missingResetToken: 'Invalid or missing reset token',

  // login
  invalidCredentials: 'Invalid email or password',
  loginFailedTitle: 'Error',
  loginFailed: 'Login failed. Please check your credentials.',
  loginSuccessTitle: 'Success',
  loginSuccess: 'Logged in successfully!',
  logoutSuccess: 'Logged out successfully!',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  accountSuspended: 'This account is suspended. Please contact your lender.',
  accountBlocked: 'This account is blocked. Please contact your lender.',
  accountNotActivated:
    'This account is not active yet. Set your password with the link in your invitation email.',

  // sessions (docs/architecture.md §3)
  sessionEnded: 'Your session has ended. Please sign in again.',
  lenderAccountDisabled:
    "Your lender's account is blocked or suspended, so nothing new can be recorded for now. Please contact your lender.",

  // registration
  registrationFailedTitle: 'Uh oh! Something went wrong.',
  genericError: 'An error occurred. Please try again.',
  signUpEmpty: 'An error occurred during sign up',
  accountCreatedTitle: 'Account created',
  accountCreated: 'Account successfully created.',
  emailTaken: 'An account with this email already exists.',

  // password reset
  resetFailed: 'Failed to reset password. Please try again.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new link.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetRequestAccepted:
    'If an account exists for this email, a link to reset the password has been sent.',

  // shared form parts ("Login screens"–"Password reset")
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  successTitle: 'Success',
  errorTitle: 'Error',
  logOut: 'Log out',

  // login screens ("Login screens")
  lenderLoginTitle: 'Lender Login',
  lenderLoginSubtitle: 'Sign in to manage your lending business',
  agentLoginTitle: 'Agent Login',
  agentLoginSubtitle: 'Sign in to serve your borrowers',
  adminLoginTitle: 'Admin Login',
  adminLoginSubtitle: 'Sign in to administer the platform',
  forgotPassword: 'Forgot password?',
  noAccount: "Don't have an account?",
  registerLink: 'Register',
  signIn: 'Sign In',
  signingIn: 'Signing in...',

  // registration screen
  registerTitle: 'Lender Registration',
  registerSubtitle: 'Create an account to get started',
  register: 'Register',
  registering: 'Registering...',
  haveAccountLogin: 'Already have an account? Login',
  passwordChecklistLabel: 'Password requirements',
  passwordStrengthLabel: 'Password strength',
  passwordChecks: {
    length: 'At least 6 characters',
    uppercase: 'An uppercase letter',
    lowercase: 'A lowercase letter',
    digit: 'A number',
    special: 'A special character',
  },
  passwordStrength: { Weak: 'Weak', Moderate: 'Moderate', Strong: 'Strong' },
  checkPassed: 'done',
  checkMissing: 'missing',

  // password reset screens ("Password reset")
  forgotTitle: 'Forgot Password',
  forgotSubtitle: 'Enter your email and we will send you a link to reset your password',
  sendResetLink: 'Send Reset Link',
  sendingResetLink: 'Sending...',
  emailSentTitle: 'Email Sent',
  backToLogin: 'Back to Login',
  invalidRequestTitle: 'Invalid Request',
  requestNewLink: 'Request New Link',
  resetTitle: 'Set a New Password',
  resetSubtitle: 'Choose a password for your account',
  newPasswordLabel: 'New Password',
  resetSubmit: 'Reset Password',
  resetting: 'Resetting...',
  resetDoneTitle: 'Password Reset',
  goToLogin: 'Go to Login',
  // the same page opened from an invitation (…&purpose=invite): a first password
  inviteTitle: 'Set your password',
  inviteSubtitle: 'Choose the password you will sign in with',
  inviteSubmit: 'Set Password',
  inviteSubmitting: 'Saving...',
  inviteDoneTitle: 'Password Set',
  inviteDone: 'Your password is set. You can now sign in.',

  // lender application status pages ("Lender profile wizard", "Application status pages")
  pendingTitle: 'Application Under Review',
  pendingText:
    'Thank you for completing your profile. An administrator is reviewing your application.',
  pendingSteps: {
    submitted: 'Submitted',
    underReview: 'Under Review',
    approval: 'Approval',
  },
  pendingStepDescriptions: {
    submitted: 'Profile received',
    underReview: 'Details being checked',
    approval: 'Start lending',
  },
  reviewTime: 'Review typically takes 1-2 business days.',
  rejectedTitle: 'Application Rejected',
  rejectedText:
    'Your lender application was not approved. Contact support to learn more or to apply again.',
  rejectionReason: 'Reason:',
  contactSupport: 'Contact Support',
  returnHome: 'Return to Home',
  completeProfileTitle: 'Complete your profile',
  profileSteps: {
    businessType: 'Business type',
    personal: 'Personal information',
    business: 'Business information',
  },
} as const;

export const authText = inLanguage('auth', en);
export { en as authEnglish };
