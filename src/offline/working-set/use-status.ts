/**
 * Whether the phone is ready to work with no signal (docs/architecture.md §7), for the
 * dashboard and the agent menu: synced to its end within the last day, every business
 * whole, the storage granted; what it keeps; and in plain words what is wrong when not.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BORROWER_CONSENT_VERSION } from '../../domain/consent-version';
import { loadWorkingSetRuntime } from '../code';
import type { WorkingSetCounts } from '../../domain/working-set';
import { useLazyLiveQuery } from '../lazy-live-query';
import type { SyncProblem } from './db';
import { isSyncing, onSyncingChange } from './syncing';

/** Older than this, the last sync no longer counts as ready. */
export const STALE_AFTER_MS = 24 * 60 * 60_000;

export type Readiness =
  | { kind: 'never' }
  | { kind: 'filling' }
  | { kind: 'stale' }
  | { kind: 'problem'; problem: SyncProblem }
  | { kind: 'updateApp' };

export type WorkingSetStatus = {
  /** False until the phone's record has been read. */
  loaded: boolean;
  ready: boolean;
  syncing: boolean;
  lastSyncAt: number | null;
  counts: WorkingSetCounts;
  /** What keeps it from being ready, most important first (empty when ready). */
  warnings: Readiness[];
  storage: { used: number; persisted: boolean } | null;
  syncNow: () => void;
};

const noCounts: WorkingSetCounts = {
  borrowers: 0,
  loans: 0,
  followUps: 0,
  agreements: 0,
  ledgers: 0,
  complaints: 0,
};

function useSyncing(): boolean {
  return useSyncExternalStore(onSyncingChange, isSyncing, () => false);
}

function useStorage(refresh: unknown): WorkingSetStatus['storage'] {
  const [storage, setStorage] = useState<WorkingSetStatus['storage']>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
      const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
      if (live && estimate) setStorage({ used: estimate.usage ?? 0, persisted });
    })();
    return () => {
      live = false;
    };
  }, [refresh]);
  return storage;
}

/** The time, moved on every minute: a sync grows stale with no change on the phone. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Sync now": the sync's code loads at the first tap if the app has not loaded it yet; a
 * load that failed leaves the card as it was, and the next tap asks for the file again.
 */
function syncNow(): void {
  void loadWorkingSetRuntime()
    .then((runtime) => runtime.syncNow())
    .catch(() => undefined);
}

export function useWorkingSetStatus(userId: number): WorkingSetStatus {
  const syncing = useSyncing();
  const now = useMinute();
  const held = useLazyLiveQuery((queries) => queries.workingSetHeld(userId), [userId]);
  const storage = useStorage(held?.state.lastSyncAt);
  const warnings: Readiness[] = [];
  const state = held?.state;
  if (state?.problem?.kind === 'storage' || state?.problem?.kind === 'counts') {
    warnings.push({ kind: 'problem', problem: state.problem });
  }
  if (!state?.lastSyncAt) warnings.push({ kind: held?.state.token ? 'filling' : 'never' });
  else if (!held?.whole) warnings.push({ kind: 'filling' });
  else if (now - state.lastSyncAt > STALE_AFTER_MS) warnings.push({ kind: 'stale' });
  if (state?.problem && (state.problem.kind === 'offline' || state.problem.kind === 'server')) {
    warnings.push({ kind: 'problem', problem: state.problem });
  }
  if (state?.consentVersion && state.consentVersion !== BORROWER_CONSENT_VERSION) {
    warnings.push({ kind: 'updateApp' });
  }
  // Offline or a server failure after a good sync does not make the phone unready by itself.
  const blocking = warnings.filter(
    (w) => !(w.kind === 'problem' && (w.problem.kind === 'offline' || w.problem.kind === 'server')),
  );
  return {
    loaded: held !== undefined,
    ready: held !== undefined && held !== null && blocking.length === 0,
    syncing,
    lastSyncAt: state?.lastSyncAt ?? null,
    counts: held?.counts ?? noCounts,
    warnings,
    storage,
    syncNow,
  };
}
