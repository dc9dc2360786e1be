/**
 * The public pages the build prerenders into HTML (docs/architecture.md §8): the one list
 * of them. Each names the module that renders it (its path in the repository, as Vite's
 * manifest keys it) and that module's export: src/app/routes/public-pages.tsx loads the page from it
 * and build/prerender.ts preloads its chunk. Each is written to `file` in dist/ (its path
 * with `.html`); every other path gets `shell.html`, the app shell (the signed-in shell's
 * placeholder in its root, src/app/shell/shell-skeleton.tsx). The server answers a page's
 * path with its file, and the service worker precaches them all (Workbox finds
 * `/login/agent` as `login/agent.html`).
 */
import { paths } from './paths';

const pages = [
  { path: paths.home, module: 'src/features/landing/landing-page.tsx', name: 'LandingPage' },
  {
    path: paths.lenderLogin,
    module: 'src/features/auth/pages/lender-login-page.tsx',
    name: 'LenderLoginPage',
  },
  {
    path: paths.agentLogin,
    module: 'src/features/auth/pages/agent-login-page.tsx',
    name: 'AgentLoginPage',
  },
  {
    path: paths.adminLogin,
    module: 'src/features/auth/pages/admin-login-page.tsx',
    name: 'AdminLoginPage',
  },
  {
    path: paths.lenderRegister,
    module: 'src/features/auth/pages/lender-register-page.tsx',
    name: 'LenderRegisterPage',
  },
  {
    path: paths.forgotPassword,
    module: 'src/features/auth/pages/forgot-password-page.tsx',
    name: 'ForgotPasswordPage',
  },
] as const;

export type PrerenderedPage = (typeof pages)[number] & { file: string };

export const prerenderedPages: readonly PrerenderedPage[] = pages.map((page) => ({
  ...page,
  file: page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`,
}));

/**
 * Set on the root by a sign-in page's island (src/sign-in-islands.ts) when it hands the page
 * to the app: the app renders it afresh instead of hydrating the HTML the island has run.
 */
export const handedOverAttribute = 'data-handed-over';

/** The attribute's value when the page is to stay on the screen until the app's first render. */
export const keptOnScreen = 'keep';

/**
 * The ids of the <template> tags a sign-in page carries for its island: what it draws
 * besides the form, as Mantine draws it (rendered by the build, src/app/prerender.tsx).
 */
export const signInTemplates = {
  /** The form's destructive alert (a failed sign-in). */
  alert: 'sign-in-alert',
  /** A field's error under it. */
  fieldError: 'sign-in-field-error',
  /** The toast, in its container at the top right. */
  toast: 'sign-in-toast',
  /** The password field's toggle icon while the password shows. */
  passwordShown: 'sign-in-password-shown',
} as const;

/** The app shell: what every route that is not prerendered opens with. */
export const shellFile = 'shell.html';

/**
 * The modules of the signed-in first screen (the shell, the query layer, the dashboard's
 * index): bundled in a few chunks of their own (build/first-screen-chunks.ts), which the
 * shell's HTML preloads beside the entry (build/prerender.ts).
 */
export const firstScreenModules = [
  'src/app/shell/dashboard-shell.tsx',
  'src/app/query-provider.tsx',
  'src/features/dashboards/dashboard-index-page.tsx',
] as const;

/** The prerendered page at a path (no query), or undefined. A trailing slash is the same page. */
export function prerenderedPageAt(pathname: string): PrerenderedPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return prerenderedPages.find((page) => page.path === path);
}

/** The prerendered file for a path (no query), or undefined. */
export function prerenderedFor(pathname: string): string | undefined {
  return prerenderedPageAt(pathname)?.file;
}
