/**
 * The lender business the user works on: kept in localStorage as
 * JSON {id, businessName}, restored on load, and shared by every component that asks,
 * in this tab (a custom event) and in other tabs (the storage event).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

/**
 * The stored business: a whole-number id (a number, or a string of one as older versions
 * stored it) and a name. Checked by hand, not with valibot: this module is on the agent's
 * first screen, and valibot would travel with it only for this (the README's "Performance").
 */
export type SelectedBusiness = { id: number; businessName: string };

const changeEvent = 'mkopo:selected-business';

function readRaw(): string | null {
  try {
    return localStorage.getItem(storageKeys.selectedBusiness);
  } catch {
    return null;
  }
}

/** The stored business, or null when none is stored or the stored value is unusable. */
export function parseSelectedBusiness(raw: string | null): SelectedBusiness | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!stored || typeof stored !== 'object') return null;
    const { id, businessName } = stored as Record<string, unknown>;
    const number = typeof id === 'string' ? Number(id) : id;
    if (typeof number !== 'number' || !Number.isInteger(number)) return null;
    return typeof businessName === 'string' ? { id: number, businessName } : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.selectedBusiness) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent, onChange);
  };
}

function write(value: SelectedBusiness | null) {
  try {
    if (value) localStorage.setItem(storageKeys.selectedBusiness, JSON.stringify(value));
    else localStorage.removeItem(storageKeys.selectedBusiness);
  } catch {
    // Storage can be full or disabled; then no business stays selected.
  }
  window.dispatchEvent(new Event(changeEvent));
}

export function useSelectedBusiness(): {
  business: SelectedBusiness | null;
  select: (business: SelectedBusiness) => void;
  clear: () => void;
} {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const business = useMemo(() => parseSelectedBusiness(raw), [raw]);
  const select = useCallback(
    (next: SelectedBusiness) => write({ id: next.id, businessName: next.businessName }),
    [],
  );
  const clear = useCallback(() => write(null), []);
  return { business, select, clear };
}
