/**
 * The lender business the user works on (the spec's "Business selector"): kept in localStorage as
 * JSON {id, businessName}, restored on load, and shared by every component that asks,
 * in this tab (a custom event) and in other tabs (the storage event).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { storageKeys } from './storage-keys';

const SelectedBusinessSchema = v.object({
  id: v.pipe(v.union([v.number(), v.pipe(v.string(), v.toNumber())]), v.integer()),
  businessName: v.string(),
});
export type SelectedBusiness = v.InferOutput<typeof SelectedBusinessSchema>;

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
    const result = v.safeParse(SelectedBusinessSchema, JSON.parse(raw));
    return result.success ? result.output : null;
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
