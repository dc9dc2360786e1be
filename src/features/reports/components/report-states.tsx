/** A report's loading and failure states. */
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { reportsText as t } from '../../../i18n/reports';

export function ReportLoading() {
  return (
    <Card withBorder radius="md" padding="xl" aria-busy="true">
      <Group justify="center" gap="sm" mih={160}>
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{t.loading}</Text>
      </Group>
    </Card>
  );
}

/** The report's failure text in red, the server's sentence under it, and a retry. */
export function ReportFailure({
  text,
  detail,
  onRetry,
}: {
  text: string;
  detail: string | null;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text c="red" fw={600}>
          {text}
        </Text>
        {detail && detail !== text && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        <Button variant="default" onClick={onRetry}>
          {t.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
