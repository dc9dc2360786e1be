/**
 * How the route table loads its screens: each page is its own chunk, loaded when its route
 * is first shown (docs/architecture.md §8).
 */
import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../../lib/lazy-component';

/** A lazy page that can also be loaded ahead (`preload`), then renders without suspending. */
export type Page = LazyComponent<Record<string, never>>;

export function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): Page {
  return lazyComponent(async () => (await load())[name] as ComponentType);
}

/**
 * A page behind sign-in: it loads with the query layer, in parallel, and renders inside
 * its provider. Public pages use `page` and never load it (docs/architecture.md §8).
 */
export function signedInPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): Page {
  let loading: Promise<ComponentType> | undefined;
  const loadWithProvider = () =>
    (loading ??= Promise.all([load(), import('../query-provider')]).then(
      ([module, { QueryProvider }]) => {
        const Inner = module[name] as ComponentType;
        return () => (
          <QueryProvider>
            <Inner />
          </QueryProvider>
        );
      },
      (error: unknown) => {
        // Asked again (a deploy replaced the chunk, or the phone was offline): load again.
        loading = undefined;
        throw error;
      },
    ));
  return page(async () => ({ [name]: await loadWithProvider() }) as Record<K, ComponentType>, name);
}
