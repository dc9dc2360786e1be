/**
 * A component whose code is its own chunk, loaded the first time it renders, or ahead
 * (`preload`): a screen loads it before it is needed, so the tap that shows it draws it at
 * once. Once loaded it renders without suspending.
 */
import { lazy, useState, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded = await load();
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mount: a part never swaps its component (and loses its state) later.
  const Component = (props: P) => {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  };
  return Object.assign(Component, { preload });
}
