/**
 * One uploaded document, shown through a temporary link: images
 * render, PDFs open in a new tab, and an image that fails to load — or a link that
 * cannot be had — falls back to a placeholder.
 */
import {
  Anchor,
  Button,
  Center,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { lendersText } from '../../../i18n/lenders';
import { documentUrlQuery } from '../../../api/documents';

const t = lendersText.adminScreens;
const FRAME_HEIGHT = 200;

function isPdf(fileKey: string): boolean {
  return /\.pdf$/i.test(fileKey);
}

export function DocumentPreview({ label, fileKey }: { label: string; fileKey: string | null }) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {fileKey ? (
        <LinkedDocument label={label} fileKey={fileKey} />
      ) : (
        <Frame>
          <Placeholder text={t.notProvided} />
        </Frame>
      )}
    </Stack>
  );
}

function LinkedDocument({ label, fileKey }: { label: string; fileKey: string }) {
  const link = useQuery(documentUrlQuery(fileKey));
  if (link.isLoading) return <Skeleton h={FRAME_HEIGHT} radius="md" />;
  if (!link.data) {
    return (
      <Frame>
        <Placeholder text={t.previewUnavailable} />
      </Frame>
    );
  }
  return isPdf(fileKey) ? (
    <Frame>
      <Stack align="center" gap="sm">
        <IconFileTypePdf size={40} stroke={1.5} aria-hidden />
        <Button
          component="a"
          href={link.data}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          mih={44}
          rightSection={<IconExternalLink size={16} />}
        >
          {t.openPdf}
          <VisuallyHidden>{` — ${label}`}</VisuallyHidden>
        </Button>
      </Stack>
    </Frame>
  ) : (
    <LinkedImage key={link.data} url={link.data} label={label} />
  );
}

function LinkedImage({ url, label }: { url: string; label: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Frame>
      {failed ? (
        <Placeholder text={t.previewUnavailable} />
      ) : (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.openDocument(label)}
          display="block"
          w="100%"
        >
          <Image
            src={url}
            alt={label}
            h={FRAME_HEIGHT - 16}
            fit="contain"
            onError={() => setFailed(true)}
          />
        </Anchor>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={8} h={FRAME_HEIGHT} bg="var(--mantine-color-default-hover)">
      <Center h="100%">{children}</Center>
    </Paper>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <Stack align="center" gap={6} c="dimmed">
      <IconPhotoOff size={36} stroke={1.5} aria-hidden />
      <Text size="sm">{text}</Text>
    </Stack>
  );
}
