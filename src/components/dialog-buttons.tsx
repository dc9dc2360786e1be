import { Button, Group } from '@mantine/core';
import { commonText } from '../i18n/common';

/** Cancel and the action of a dialog; both disabled while busy, the action with its busy label. */
export function DialogButtons({
  label,
  busyLabel,
  busy,
  disabled = false,
  color,
  onCancel,
  onConfirm,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  color?: string;
  onCancel?: () => void;
  /** Without it the action submits the surrounding form. */
  onConfirm?: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      {onCancel && (
        <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
          {commonText.cancel}
        </Button>
      )}
      <Button
        type={onConfirm ? 'button' : 'submit'}
        size="md"
        color={color}
        onClick={onConfirm}
        disabled={busy || disabled}
      >
        {busy ? busyLabel : label}
      </Button>
    </Group>
  );
}
