/**
 * A person's name and phone number as form fields (an agent's form, the agent's own
 * profile, the lender wizard's personal step, the borrower dialog): first name, last name,
 * whatever the form puts between (`children`, e.g. the agent's email), then the phone number. They sit in
 * the form's grid, so they come as its cells.
 */
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/** The fields' values (optional where the form's schema leaves them out until typed). */
type PersonValues = { firstName?: string; lastName?: string; phoneNumber?: string };

export function PersonFields<V extends PersonValues>({
  form,
  texts,
  ownDetails,
  required = false,
  autoFocus = false,
  capitalizeNames = false,
  children,
}: {
  form: Pick<UseFormReturnType<V>, 'getInputProps' | 'key'>;
  texts: {
    firstNameLabel: string;
    lastNameLabel: string;
    phoneLabel: string;
    phonePlaceholder: string;
  };
  /**
   * The person filling the form is the one it describes, so the browser may offer their
   * saved name and number; a lender typing an agent's details gets no such offer.
   */
  ownDetails: boolean;
  /** The browser's own required check (the wizard's steps); else the asterisk alone. */
  required?: boolean;
  /** The first name takes the focus when a dialog opens. */
  autoFocus?: boolean;
  /** A phone's keyboard starts each word of the names with a capital. */
  capitalizeNames?: boolean;
  children?: ReactNode;
}) {
  const mark = required ? { required: true } : { withAsterisk: true };
  const auto = (what: string) => (ownDetails ? what : 'off');
  const words = capitalizeNames ? { autoCapitalize: 'words' } : {};
  return (
    <>
      <TextInput
        label={texts.firstNameLabel}
        autoComplete={auto('given-name')}
        {...words}
        {...mark}
        size="md"
        {...(autoFocus ? { 'data-autofocus': true } : {})}
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={texts.lastNameLabel}
        autoComplete={auto('family-name')}
        {...words}
        {...mark}
        size="md"
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
      {children}
      <TextInput
        label={texts.phoneLabel}
        type="tel"
        inputMode="tel"
        placeholder={texts.phonePlaceholder}
        autoComplete={auto('tel')}
        {...mark}
        size="md"
        key={form.key('phoneNumber')}
        {...form.getInputProps('phoneNumber')}
      />
    </>
  );
}
