import type { ComponentProps } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * A sign-in page's form. These pages arrive prerendered (docs/architecture.md §8), and until
 * the app (or a login's island, src/sign-in-islands.ts) runs them every field and button is
 * disabled: text typed into a field before then would stay on screen but never reach the
 * form, and a tap on the button would make the browser send the form itself (a GET with the
 * password in the address).
 */
export function PrerenderedForm({ children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </form>
  );
}
