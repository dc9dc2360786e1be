import { startTransition, useEffect, useState } from 'react';

/**
 * From this many cards, a phone's list draws only the cards on the screen and a few either
 * side, the page keeping the whole list's height (`WindowedCards` in
 * src/components/data-table.tsx): an agent with 1,500 borrowers had every one drawn, six at
 * a time, for seconds after the list opened, and tens of thousands of elements in the page
 * after that. A shorter list draws them all, a step at a time (useProgressiveCount).
 */
export const WINDOWED_FROM = 50;

/**
 * How many of a long list's `count` items to draw: the first `first` with the screen, then
 * `step` more at a time, each in a render React may pause (a transition) once the last is
 * up. A phone that opens on a list of a hundred cards in a 400 px box, four of them in
 * sight, then paints the screen without waiting for the other ninety-six, and never holds
 * its main thread for them: a tap meanwhile is answered first.
 *
 * A few at a time, not the rest at once: a tap that updates the screen (Create Borrower
 * opening its dialog) throws away the transition's unfinished render, which starts again
 * after it, and React draws pending transitions together, so the dialog's form waited for
 * the whole rest of the list. On a phone 4× slower than this machine, the demo book's 29
 * other borrowers' cards were about 600 ms of that tap; a step of them is a fraction.
 * Items already drawn must not be drawn again for the next step (DrawnWhen per item).
 */
export function useProgressiveCount(count: number, first: number, step = first): number {
  const [drawn, setDrawn] = useState(first);
  const shown = Math.min(count, drawn);
  const more = drawn < count;
  useEffect(() => {
    if (more) startTransition(() => setDrawn((n) => n + step));
  }, [more, drawn, step]);
  return shown;
}

/**
 * False in a component's first render, true from a render just after that one is committed
 * (a transition): for a part drawn or started after what is on the screen.
 */
export function useAfterFirstCommit(): boolean {
  return useProgressiveCount(1, 0, 1) === 1;
}
