import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `count` items to draw: the first `first` with the screen, the
 * rest in a render React may pause (a transition) once the screen is up. A phone that
 * opens on a list of a hundred cards in a 400 px box, four of them in sight, then paints
 * the screen without waiting for the other ninety-six, and never holds its main thread for
 * them: a tap meanwhile is answered first.
 */
export function useProgressiveCount(count: number, first: number): number {
  const [all, setAll] = useState(false);
  const drawAll = all || count <= first;
  useEffect(() => {
    if (!drawAll) startTransition(() => setAll(true));
  }, [drawAll]);
  return drawAll ? count : first;
}
