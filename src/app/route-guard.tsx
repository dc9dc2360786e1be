import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { storageKeys } from '../lib/storage-keys';
import { decideAccess, signedInRedirects } from './access';

/** Guards a protected route. */
export function RequireRole({
  roles,
  children,
}: {
  roles: readonly string[];
  children: ReactNode;
}) {
  const { user } = useSession();
  const location = useLocation();
  const decision = decideAccess(user, roles, location.pathname);
  if (decision.allow) return children;
  if (decision.remember) {
    sessionStorage.setItem(storageKeys.returnTo, location.pathname + location.search);
  }
  return <Navigate to={decision.redirectTo} replace state={{ from: location }} />;
}

/** Sends a signed-in visitor of a public auth screen where signedInRedirects (access.ts) says. */
export function RedirectIfSignedIn({
  path,
  children,
}: {
  path: keyof typeof signedInRedirects;
  children: ReactNode;
}) {
  const { user } = useSession();
  if (user) return <Navigate to={signedInRedirects[path]} replace />;
  return children;
}
