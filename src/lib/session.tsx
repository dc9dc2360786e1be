/**
 * The signed-in user: restored from the stored jwt at start,
 * re-read on every path change, replaced by login, registration and profile updates.
 * Signing out also ends the session on the server, at once or when the connection is
 * back (pending-revocations.ts).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { SESSION_USER_CHANGED_EVENT } from '../api/base-url';
import { loadMirror, loadWorkingSetRuntime } from '../offline/code';
import { revokeSession, watchPendingRevocations } from './pending-revocations';
import { readStoredSession, sameUser, userFromToken, type SessionUser } from './session-token';
import { storageKeys } from './storage-keys';

type SessionValue = {
  user: SessionUser | null;
  /** Stores a new access token and sets the user from it; false when it is unusable. */
  signIn: (token: string) => boolean;
  /** Forgets the session here and ends it on the server (now, or once online). */
  signOut: () => void;
  /** Re-reads the stored token; called on every path change. */
  refresh: () => SessionUser | null;
};

const SessionContext = createContext<SessionValue | null>(null);

/** The user this browser's screens were last shown for. */
let shownUserId: number | null = readStoredSession()?.user.id ?? null;

/** Announces a change of user before any screen renders for the new one. */
function announceUser(next: SessionUser | null) {
  const nextId = next?.id ?? null;
  if (nextId === shownUserId) return;
  shownUserId = nextId;
  window.dispatchEvent(new Event(SESSION_USER_CHANGED_EVENT));
}

/**
 * An agent's working set and the answers kept for offline reading leave the phone at
 * sign-out, and when the server ended the session (the README's "Working offline
 * (agents)"); the outbox keeps unsent work for the agent's next sign-in. Loaded only here:
 * other roles never load the offline store.
 */
function forgetAgentData(): void {
  void loadWorkingSetRuntime()
    .then(({ forgetWorkingSet }) => forgetWorkingSet())
    .catch(() => undefined);
  void loadMirror()
    .then(({ forgetMirrors }) => forgetMirrors())
    .catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => readStoredSession()?.user ?? null);

  const refresh = useCallback(() => {
    const next = readStoredSession()?.user ?? null;
    announceUser(next);
    setUser((current) => (sameUser(current, next) ? current : next));
    return next;
  }, []);

  const signIn = useCallback((token: string) => {
    const next = userFromToken(token);
    if (!next) return false;
    localStorage.setItem(storageKeys.token, token);
    announceUser(next);
    setUser(next);
    return true;
  }, []);

  const signOut = useCallback(() => {
    const token = localStorage.getItem(storageKeys.token);
    if (readStoredSession()?.user.role === 'agent') forgetAgentData();
    if (token) void revokeSession(token);
    localStorage.removeItem(storageKeys.token);
    localStorage.removeItem(storageKeys.selectedBusiness);
    announceUser(null);
    setUser(null);
  }, []);

  // Sessions logged out offline are ended on the server as soon as it can be reached.
  useEffect(() => watchPendingRevocations(), []);

  const value = useMemo(
    () => ({ user, signIn, signOut, refresh }),
    [user, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
