/**
 * The inline half of failure handling (the toast is the other, lib/failure.ts): nothing when all is
 * well. A failed load passes `onRetry` and gets its Retry button under the sentence.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { commonText } from '../i18n/common';
import { failureMessage } from '../lib/failure';

export function FailureAlert({
  message,
  title,
  onRetry,
}: {
  message: string | null;
  title?: string;
  onRetry?: () => void;
}) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={title ?? commonText.errorTitle}
      role="alert"
    >
      {onRetry ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button variant="default" onClick={onRetry}>
            {commonText.retry}
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}

/**
 * What became of a form's save (the own-profile forms): "saved" as a status once it has
 * saved, or the failure with its sentence.
 */
export function SaveOutcome({
  saved,
  savedTitle,
  failedTitle,
  error,
}: {
  saved: boolean;
  savedTitle: string;
  failedTitle: string;
  error: unknown;
}) {
  return (
    <>
      {saved && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          title={savedTitle}
          role="status"
        />
      )}
      <FailureAlert title={failedTitle} message={error ? failureMessage(error) : null} />
    </>
  );
}
