import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The submit button of a sign-in page's form (disabled while it sends, and until the app runs it: PrerenderedForm). */
export function AuthSubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth disabled={busy}>
      {children}
    </Button>
  );
}
