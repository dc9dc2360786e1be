/**
 * When a sync changes the agent's working set, every screen reading it reads again
 * (src/api/query-client.ts). The query layer listens from its first query on: a screen's
 * first read after a reload starts a sync of its own, which ended before the agent's other
 * syncs' code (src/app/offline-sync.tsx, a lazy chunk) had loaded, and what it brought was
 * never shown. A read still running when the sync ends is read again too.
 */
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/query-client';
import { WORKING_SET_CHANGED_EVENT } from '../../src/offline/working-set/freshness';

const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('a changed working set', () => {
  afterEach(() => queryClient.clear());

  it('has the screens that read it read again, and only those', async () => {
    queryClient.setQueryData(['follow-ups', 1], []);
    queryClient.setQueryData(['borrowers', 1], { loans: [] });
    queryClient.setQueryData(['profile'], { id: 3 });
    window.dispatchEvent(new Event(WORKING_SET_CHANGED_EVENT));
    await vi.waitFor(() => expect(invalidated(['follow-ups', 1])).toBe(true));
    expect(invalidated(['borrowers', 1])).toBe(true);
    expect(invalidated(['profile'])).toBe(false);
  });

  it('reads again a screen whose first read was still running when the sync ended', async () => {
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
  });
});
