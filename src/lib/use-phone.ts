import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is a phone's: at most Mantine's `sm` breakpoint (48em), where lists
 * draw cards and dialogs fill the screen. Read at once, not after a first render, which
 * would draw the other layout first.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) === true;
}
