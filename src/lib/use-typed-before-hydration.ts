/**
 * A prerendered form (docs/architecture.md §8) can be typed into, or filled in by the
 * browser's password manager, before the app runs it. The text is on the page, but no
 * change event reached the form. Once the form is hydrated, this copies each named text
 * field's text from the page into the form's values, so "Email is required" never
 * answers an email that is plainly there. A form the browser draws itself starts empty,
 * and nothing is copied.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';

export function useTypedBeforeHydration<T extends Record<string, unknown>>(
  form: UseFormReturnType<T>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const values: Record<string, unknown> = form.getValues();
    const typed: Record<string, string> = {};
    for (const [field, value] of Object.entries(values)) {
      const input = elements.namedItem(field);
      if (!(input instanceof HTMLInputElement) || typeof value !== 'string') continue;
      if (input.value !== '' && input.value !== value) typed[field] = input.value;
    }
    // Only string fields were taken, each from its own field: a partial of the values.
    if (Object.keys(typed).length > 0) form.setValues(typed as Partial<T>);
    // Once, after hydration: later typing reaches the form through its change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return formRef;
}
