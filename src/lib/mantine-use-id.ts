/**
 * Mantine's `useId` (@mantine/hooks), in its place in the build (build/mantine-use-id.ts):
 * the same ids, without a second render of every component that asks for one.
 *
 * Mantine's own starts from React's `useId` and swaps it for a random id in a layout
 * effect, a fallback for React 17, which had no `useId`. On React 19 the swap only changes
 * the id, and a state change in a layout effect renders the component again before the
 * browser paints: every input, label, menu and tooltip drew twice as it mounted. On a
 * phone 4× slower than this machine that was the synchronous re-render of a sign-in form
 * right after its hydration, and a second pass over every field of a dialog as it opened.
 *
 * React's ids are unique in the root and the same in a prerendered page and its hydration.
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
