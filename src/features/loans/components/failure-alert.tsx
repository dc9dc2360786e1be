import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { commonText } from '../../../i18n/common';

/** The inline half of the spec's failure handling (part 2 §8). */
export function FailureAlert({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      title={title ?? commonText.errorTitle}
      role="alert"
    >
      {message}
    </Alert>
  );
}
