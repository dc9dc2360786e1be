import { paths } from './paths';
import { storageKeys } from './storage-keys';

/**
 * Where to go after login: the page the guard remembered, once, else the dashboard. In a
 * module of its own: the sign-in pages' islands (src/sign-in-islands.ts) use it without React.
 */
export function takeReturnPath(): string {
  const remembered = sessionStorage.getItem(storageKeys.returnTo);
  sessionStorage.removeItem(storageKeys.returnTo);
  // Only same-origin app paths; "//host" would leave the site.
  if (remembered && remembered.startsWith('/') && !remembered.startsWith('//')) return remembered;
  return paths.dashboard.root;
}
