/**
 * The public pages the build prerenders into HTML (docs/architecture.md §8), each with the
 * file it is written to in dist/. Every other path gets `shell.html`, the app shell with an
 * empty root. The server answers a page's path with its file, and the service worker
 * precaches them all (Workbox finds `/login/agent` as `login/agent.html`).
 */
import { paths } from './paths';

export const prerenderedPages = [
  { path: paths.home, file: 'index.html' },
  { path: paths.lenderLogin, file: 'login/lender.html' },
  { path: paths.agentLogin, file: 'login/agent.html' },
  { path: paths.adminLogin, file: 'login/admin.html' },
  { path: paths.lenderRegister, file: 'register/lender.html' },
  { path: paths.forgotPassword, file: 'forgot-password.html' },
] as const;

/** The app shell: what every route that is not prerendered opens with. */
export const shellFile = 'shell.html';

/** The prerendered file for a path (no query), or undefined. A trailing slash is the same page. */
export function prerenderedFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return prerenderedPages.find((page) => page.path === path)?.file;
}
