/** The fields of every account form, with label, keyboard, autofill and size set once. */
import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { authText } from '../../../i18n/auth';

export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      label={authText.emailLabel}
      placeholder={authText.emailPlaceholder}
      type="email"
      inputMode="email"
      autoComplete="email"
      size="md"
      withAsterisk
      {...props}
    />
  );
}

/** A password with the show/hide toggle; a new password unless autoComplete says otherwise. */
export function AccountPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label={authText.passwordLabel}
      autoComplete="new-password"
      size="md"
      withAsterisk
      {...props}
    />
  );
}
