import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The inline half of the generic failure handling (spec part 2 §8). */
export function FailureAlert({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title} role="alert">
      {message}
    </Alert>
  );
}
