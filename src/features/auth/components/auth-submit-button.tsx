import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * The submit button of a sign-in page's form. These pages arrive prerendered (docs/architecture.md §8):
 * until the app runs them the button is disabled, so a tap cannot make the browser send
 * the form itself (a GET with the password in the address). What was typed stays.
 */
export function AuthSubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="md" fullWidth disabled={busy || !hydrated}>
      {children}
    </Button>
  );
}
