/**
 * What has been uploaded for a borrower: its loan agreements, newest first, each with
 * its files. A file opens through a short-lived link; an image shows as a thumbnail and
 * falls back to a placeholder when it cannot be loaded.
 */
import {
  Anchor,
  Badge,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/detail-page';
import { formatFileSize } from '../../../lib/file-size';
import { loanFilesText as t } from '../../../i18n/field-work';
import { formatDateTime } from '../../../lib/format';
import { documentUrlQuery } from '../../../api/documents';
import type { LoanAgreement, LoanFile } from '../api/get-loan-files';

const THUMBNAIL = 56;

function FileThumbnail({ file, url }: { file: LoanFile; url: string | undefined }) {
  const [failed, setFailed] = useState(false);
  if (file.contentType.startsWith('image/') && url && !failed) {
    return (
      <Image
        src={url}
        alt=""
        w={THUMBNAIL}
        h={THUMBNAIL}
        radius="sm"
        fit="cover"
        onError={() => setFailed(true)}
      />
    );
  }
  const Icon = file.contentType === 'application/pdf' ? IconFileTypePdf : IconPhotoOff;
  return (
    <ThemeIcon size={THUMBNAIL} radius="sm" variant="light" color="gray" aria-hidden>
      <Icon size={28} stroke={1.5} />
    </ThemeIcon>
  );
}

function FileRow({
  file,
  agreementDescription,
}: {
  file: LoanFile;
  agreementDescription: string | null;
}) {
  const link = useQuery(documentUrlQuery(file.storageKey));
  const name = file.fileName ?? t.kinds[file.kind];
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {link.isLoading ? (
          <Skeleton w={THUMBNAIL} h={THUMBNAIL} radius="sm" />
        ) : (
          <FileThumbnail file={file} url={link.data} />
        )}
        <Stack gap={4} miw={0} style={{ flex: 1 }} align="flex-start">
          <Badge variant="light" color={file.kind === 'loanAgreement' ? 'teal' : 'gray'} tt="none">
            {t.kinds[file.kind]}
          </Badge>
          <Text size="sm" fw={500} truncate="end" maw="100%">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.sizeBytes)} · {formatDateTime(file.createdAt)}
          </Text>
          {file.description !== agreementDescription && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.description}
            </Text>
          )}
          {link.data ? (
            <Anchor
              href={link.data}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={500}
              aria-label={t.openFile(name)}
            >
              <Group gap={4} mih={44} wrap="nowrap">
                {t.open}
                <IconExternalLink size={16} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            !link.isLoading && (
              <Text size="xs" c="dimmed">
                {t.linkUnavailable}
              </Text>
            )
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function AgreementCard({ agreement }: { agreement: LoanAgreement }) {
  const title = t.agreementNumber(agreement.id);
  return (
    <SectionCard
      title={title}
      item
      aside={
        <Text size="xs" c="dimmed">
          {formatDateTime(agreement.files[0]?.createdAt ?? agreement.createdAt)}
        </Text>
      }
    >
      {agreement.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {agreement.description}
        </Text>
      )}
      {agreement.files.length ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {agreement.files.map((file) => (
            <FileRow key={file.id} file={file} agreementDescription={agreement.description} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t.noFilesInAgreement}
        </Text>
      )}
    </SectionCard>
  );
}

export function LoanFilesList({ agreements }: { agreements: LoanAgreement[] }) {
  if (!agreements.length) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t.noFiles}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {agreements.map((agreement) => (
        <AgreementCard key={agreement.id} agreement={agreement} />
      ))}
    </Stack>
  );
}
