/**
 * The code of a second factor: six digits from the authenticator app, or (switched) a
 * recovery code. Used by the sign-in's code step, enrolment and the code dialog.
 */
import { Anchor, TextInput, type TextInputProps } from '@mantine/core';
import { secondFactorText } from '../i18n/second-factor';

export function FactorCodeInput({
  recovery = false,
  ...props
}: TextInputProps & { recovery?: boolean }) {
  return (
    <TextInput
      label={recovery ? secondFactorText.recoveryCodeLabel : secondFactorText.codeLabel}
      placeholder={
        recovery ? secondFactorText.recoveryCodePlaceholder : secondFactorText.codePlaceholder
      }
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={recovery ? 16 : 6}
      size="md"
      withAsterisk
      {...props}
    />
  );
}

/** Switches the code field between the app's code and a recovery code. */
export function RecoveryToggle({
  recovery,
  onToggle,
}: {
  recovery: boolean;
  onToggle: () => void;
}) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onToggle}>
      {recovery ? secondFactorText.useAppCode : secondFactorText.useRecoveryCode}
    </Anchor>
  );
}
