/**
 * The public pages (landing, sign-in, registration, password reset), the ones a lender meets
 * before approval, and the prerendered pages' loading.
 */
import type { ComponentType } from 'react';
import { paths } from '../../lib/paths';
import {
  prerenderedPageAt,
  prerenderedPages,
  type PrerenderedPage,
} from '../../lib/prerendered-pages';
import { page, signedInPage, type Page } from './lazy-page';

/**
 * The prerendered public pages (src/lib/prerendered-pages.ts lists them, with the module
 * and export each renders): their modules, which Vite splits like any lazy page.
 */
const prerenderedModules = import.meta.glob<Record<string, ComponentType>>([
  '../../features/landing/landing-page.tsx',
  '../../features/auth/pages/*-page.tsx',
]);

const prerenderedPageComponents = new Map<string, Page>(
  prerenderedPages.map(({ path, module, name }) => {
    const load = prerenderedModules[module.replace(/^src\//, '../../')];
    if (!load)
      throw new Error(`routes/public-pages.tsx: ${module} is not among the prerendered modules`);
    return [path, page(load, name)];
  }),
);

function prerenderedPage(path: PrerenderedPage['path']): Page {
  return prerenderedPageComponents.get(path)!;
}

/**
 * Loads a prerendered page's code before the browser hydrates it (src/main.tsx), so the
 * whole page hydrates in one pass: nothing typed meanwhile can fall between React's
 * render and its commit.
 */
export async function preloadPrerenderedPage(pathname: string): Promise<void> {
  const path = prerenderedPageAt(pathname)?.path;
  if (path) await prerenderedPageComponents.get(path)?.preload();
}

export const LandingPage = prerenderedPage(paths.home);
export const LenderLoginPage = prerenderedPage(paths.lenderLogin);
export const AgentLoginPage = prerenderedPage(paths.agentLogin);
export const AdminLoginPage = prerenderedPage(paths.adminLogin);
export const LenderRegisterPage = prerenderedPage(paths.lenderRegister);
export const ForgotPasswordPage = prerenderedPage(paths.forgotPassword);
export const ResetPasswordPage = page(
  () => import('../../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
export const ApprovalPendingPage = signedInPage(
  () => import('../../features/lenders/pages/approval-pending-page'),
  'ApprovalPendingPage',
);
export const RejectedPage = page(
  () => import('../../features/lenders/pages/rejected-page'),
  'RejectedPage',
);
export const UpdateProfilePage = signedInPage(
  () => import('../../features/lenders/pages/update-profile-page'),
  'UpdateProfilePage',
);
export const BusinessSelectorPage = signedInPage(
  () => import('../../features/businesses/pages/business-selector-page'),
  'BusinessSelectorPage',
);
export const SecondFactorSetupPage = page(
  () => import('../../features/second-factor/pages/second-factor-setup-page'),
  'SecondFactorSetupPage',
);
export const UnauthorizedPage = page(() => import('../unauthorized-page'), 'UnauthorizedPage');
