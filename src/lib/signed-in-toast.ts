/**
 * "Logged in successfully!" on the page a sign-in page's island opened after signing in
 * (src/sign-in-islands.ts), as the app's own login form says it. src/main.tsx loads this
 * only then, so the texts of the sign-in pages stay out of the app's first chunk.
 */
import { authText } from '../i18n/auth';
import { notifySuccess } from './notify';

notifySuccess(authText.loginSuccessTitle, authText.loginSuccess);
