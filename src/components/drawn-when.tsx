/**
 * A part of a screen drawn again only when one of `deps` changes (compared with Object.is,
 * as React's dependency lists are), not each time the screen is. For what a render elsewhere
 * on the screen does not change, where drawing it again costs a slow phone a tap:
 * - a form's other parts: Mantine's uncontrolled form draws the whole form when a field's
 *   first key makes it dirty, and on a phone 4× slower than this machine drawing a step's
 *   other fields or a picker with its options made that key take 100–300 ms;
 * - a long list under a dialog: opening the dialog draws its screen.
 * `children` is called only when the part is drawn; `deps` must name all it shows.
 */
import { memo, type ReactNode } from 'react';
import { sameDeps } from '../lib/same-deps';

export const DrawnWhen = memo(
  function DrawnWhen({ children }: { deps: readonly unknown[]; children: () => ReactNode }) {
    return children();
  },
  (before, after) => sameDeps(before.deps, after.deps),
);
