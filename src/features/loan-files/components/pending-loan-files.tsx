/**
 * Loan files saved on this phone and not sent yet (docs/architecture.md §7): listed above what the
 * server has, each file with a "Sending" badge, until the server confirms the upload.
 */
import { Badge, Card, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { formatFileSize } from '../../../lib/file-size';
import { loanFileFields, type LoanFileField } from '../../../domain/field-work';
import { loanFilesText as t } from '../../../i18n/field-work';
import { offlineText } from '../../../i18n/offline';
import { formatDateTime } from '../../../lib/format';
import type { PendingLoanFile } from '../../../offline/pending';

function kindOf(field: string) {
  return loanFileFields[field as LoanFileField] ?? 'other';
}

function PendingUpload({ upload }: { upload: PendingLoanFile }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t.pendingUpload}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h6">
            {t.pendingUpload}
          </Title>
          <Badge variant="light" color="blue" tt="none">
            {offlineText.sending}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {upload.description}
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {upload.files.map((file) => (
            <Paper key={file.field} withBorder radius="md" p="sm" component="li">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={56} radius="sm" variant="light" color="gray" aria-hidden>
                  {file.type === 'application/pdf' ? (
                    <IconFileTypePdf size={28} stroke={1.5} />
                  ) : (
                    <IconPhoto size={28} stroke={1.5} />
                  )}
                </ThemeIcon>
                <Stack gap={4} miw={0} style={{ flex: 1 }} align="flex-start">
                  <Badge variant="light" color="gray" tt="none">
                    {t.kinds[kindOf(file.field)]}
                  </Badge>
                  <Text size="sm" fw={500} truncate="end" maw="100%">
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.sizeBytes)} · {formatDateTime(upload.createdAt)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

export function PendingLoanFiles({ uploads }: { uploads: PendingLoanFile[] }) {
  if (!uploads.length) return null;
  return (
    <Stack gap="md">
      {uploads.map((upload) => (
        <PendingUpload key={upload.id} upload={upload} />
      ))}
    </Stack>
  );
}
