/**
 * OfflineSync (src/app/offline-sync.tsx) defers the syncs to an idle moment, but the screens
 * hear of a changed working set from the first render: a screen's own read can start a sync
 * before that moment, and what it brings must not be left unshown.
 */
import { render } from '@testing-library/react';
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/query-client';
import { OfflineSync } from '../../src/app/offline-sync';
import { SessionProvider } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage-keys';
import { WORKING_SET_CHANGED_EVENT } from '../../src/offline/working-set/runtime';

function agentToken(id: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { id, email: `agent${id}@x.co`, roles: ['agent'], exp: Date.now() / 1000 + 600 };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('OfflineSync', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
  });
  afterEach(() => {
    localStorage.clear();
    queryClient.clear();
  });

  it("has the screens read again when the working set changes, before the syncs' idle start", async () => {
    localStorage.setItem(storageKeys.token, agentToken(3));
    const { unmount } = render(
      <SessionProvider>
        <OfflineSync />
      </SessionProvider>,
    );
    queryClient.setQueryData(['follow-ups', 1], []);
    queryClient.setQueryData(['profile'], { id: 3 });
    window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
    await vi.waitFor(() => expect(invalidated(['follow-ups', 1])).toBe(true));
    // Only what the working set answers reads again.
    expect(invalidated(['profile'])).toBe(false);

    // Unmounted (signed out): it listens no more.
    unmount();
    queryClient.setQueryData(['borrowers', 1], []);
    window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(invalidated(['borrowers', 1])).toBe(false);
  });

  it('reads again a screen whose first read was still running when the sync ended', async () => {
    localStorage.setItem(storageKeys.token, agentToken(3));
    const { unmount } = render(
      <SessionProvider>
        <OfflineSync />
      </SessionProvider>,
    );
    // The first read began before the sync wrote, and answers what the sync replaced.
    let release = () => {};
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['follow-ups', 2],
      queryFn: async () => {
        reads += 1;
        if (reads > 1) return ['after the sync'];
        await new Promise<void>((resolve) => (release = resolve));
        return ['before the sync'];
      },
    });
    const stopObserving = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toBe(1));
    window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
    release();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['follow-ups', 2])).toEqual(['after the sync']),
    );
    stopObserving();
    unmount();
  });
});
