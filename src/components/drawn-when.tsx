/**
 * A part of a form drawn again only when one of `deps` changes (compared with Object.is,
 * as React's dependency lists are), not each time the form is. Mantine's uncontrolled form
 * draws the whole form when a field's first key makes it dirty: a part that does not show
 * what is typed (a step's other fields, a picker with its options) need not be drawn again
 * for that, and on a phone 4× slower than this machine it made that key take 100–300 ms.
 * `children` is called only when the part is drawn; `deps` must name all it shows.
 */
import { memo, type ReactNode } from 'react';

function sameDeps(before: readonly unknown[], after: readonly unknown[]): boolean {
  return (
    before.length === after.length && before.every((value, index) => Object.is(value, after[index]))
  );
}

export const DrawnWhen = memo(
  function DrawnWhen({ children }: { deps: readonly unknown[]; children: () => ReactNode }) {
    return children();
  },
  (before, after) => sameDeps(before.deps, after.deps),
);
