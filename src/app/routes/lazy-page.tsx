/**
 * How the route table loads its screens: each page is its own chunk, loaded when its route
 * is first shown (docs/architecture.md §8).
 */
import { lazy, useState, type ComponentType } from 'react';

/** A lazy page that can also be loaded ahead (`preload`), then renders without suspending. */
export type Page = ComponentType & { preload: () => Promise<void> };

export function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): Page {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[name] as ComponentType;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mount: a page never swaps its component (and loses its state) later.
  const Page = () => {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  };
  return Object.assign(Page, { preload });
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
