/** The body of a create dialog: the inline failure, the fields, Cancel and Create. */
import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { commonText } from '../i18n/common';
import { FailureAlert } from './failure-alert';

export function CreateForm({
  onSubmit,
  onCancel,
  busy,
  error,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FailureAlert message={error} />
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            {commonText.cancel}
          </Button>
          <Button type="submit" size="md" disabled={busy}>
            {busy ? commonText.creating : commonText.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
