/** The inline half of the spec's failure handling ("Error catalogue"): nothing when all is well. */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { commonText } from '../i18n/common';

export function FailureAlert({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={title ?? commonText.errorTitle}
      role="alert"
    >
      {message}
    </Alert>
  );
}
