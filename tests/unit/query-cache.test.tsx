/**
 * The query cache belongs to one user: when another user (or nobody) takes the session
 * on this browser, nothing the last one read stays to be shown.
 */
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../src/api/query-client';
import { SessionProvider, useSession } from '../../src/lib/session';
import { fakeToken } from './fake-token';

const agentToken = (id: number) =>
  fakeToken({ id, email: `user${id}@x.co`, roles: ['agent'], exp: Date.now() / 1000 + 600 });

type Session = ReturnType<typeof useSession>;

function mountSession(): { current: Session } {
  const holder = {} as { current: Session };
  function Capture() {
    const session = useSession();
    useEffect(() => {
      holder.current = session;
    });
    return null;
  }
  render(
    <SessionProvider>
      <Capture />
    </SessionProvider>,
  );
  return holder;
}

describe('the query cache and the session', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
  });

  it('keeps what a user read while that user stays signed in', () => {
    const session = mountSession();
    act(() => void session.current.signIn(agentToken(1)));
    queryClient.setQueryData(['borrowers', 7], [{ id: 1 }]);
    act(() => void session.current.signIn(agentToken(1)));
    expect(queryClient.getQueryData(['borrowers', 7])).toEqual([{ id: 1 }]);
  });

  it('empties when another user signs in on the same browser', () => {
    const session = mountSession();
    act(() => void session.current.signIn(agentToken(1)));
    queryClient.setQueryData(['borrowers', 7], [{ id: 1 }]);
    act(() => void session.current.signIn(agentToken(2)));
    expect(queryClient.getQueryData(['borrowers', 7])).toBeUndefined();
  });

  it('empties on sign-out', () => {
    const session = mountSession();
    act(() => void session.current.signIn(agentToken(1)));
    queryClient.setQueryData(['profile'], { id: 1 });
    // Without a stored token sign-out has no session to end on the server.
    localStorage.clear();
    act(() => session.current.signOut());
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});
