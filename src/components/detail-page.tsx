/**
 * A record's page (a loan's follow-ups, a refund, a borrower) and its pieces: the page by the `:id` of
 * its path in each of its states (not found, failed to load, loading, the record), the way
 * back to its list, a titled section card, the not-found card and the failed-load alert
 * with retry.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} mih={44} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/**
 * A card titled for screen readers and the eye; `aside` sits right of the title. A card
 * of a list under the page's sections (a borrower's loan agreements) is an `item`: an
 * article, its title a level lower.
 */
export function SectionCard({
  title,
  aside,
  item = false,
  children,
}: {
  title: string;
  aside?: ReactNode;
  item?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding={item ? 'md' : 'lg'}
      component={item ? 'article' : 'section'}
      aria-label={title}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={item ? 3 : 2} size={item ? 'h6' : 'h5'}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

export function NotFoundCard({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconFileSearch size={30} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Card>
  );
}

export function LoadFailedAlert({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

type RecordPageTexts = {
  /** The list the page leads back to, and the link's words. */
  back: { to: string; label: string };
  /** What the page says when the record is not there (or not the user's). */
  notFound: { title: string; text: string };
};

/**
 * The page of the record its path's `:id` names: an id that is not a positive whole
 * number reads as not found; each id renders afresh (the record's part is keyed by it).
 */
export function RecordPage({
  back,
  notFound,
  children,
}: RecordPageTexts & { children: (id: number) => ReactNode }) {
  const id = Number(useParams<{ id: string }>().id);
  if (!Number.isInteger(id) || id < 1) return <RecordNotFound back={back} notFound={notFound} />;
  return <Fragment key={id}>{children(id)}</Fragment>;
}

function RecordNotFound({ back, notFound }: RecordPageTexts) {
  return (
    <Stack gap="lg">
      <BackLink {...back} />
      <NotFoundCard {...notFound} />
    </Stack>
  );
}

/** Where the read of a page's record stands. */
export type RecordRead<T> = {
  record: T | undefined;
  /** The read answered, and the record is not there. */
  missing: boolean;
  error: { message: string } | null;
  retry: () => void;
};

/**
 * A record's page in its states, under the way back to the list: not found, failed to load
 * (with retry), loading (the title's skeleton above `skeleton`, the cards'), and the record.
 * A page whose title does not come from its record (`head`) shows it in every state but
 * not found, with what needs the record (an Edit button) once it is there.
 */
export function RecordView<T>({
  back,
  notFound,
  read,
  failed,
  skeleton,
  head,
  children,
}: RecordPageTexts & {
  read: RecordRead<T>;
  /** The failed-load alert's title and retry button. */
  failed: { title: string; retryLabel: string };
  skeleton: ReactNode;
  head?: (record: T | undefined) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  if (read.missing) return <RecordNotFound back={back} notFound={notFound} />;
  if (read.error) {
    return (
      <Stack gap="lg">
        <BackLink {...back} />
        {head?.(undefined)}
        <LoadFailedAlert {...failed} message={read.error.message} onRetry={read.retry} />
      </Stack>
    );
  }
  if (read.record === undefined) {
    return (
      <Stack gap="lg" aria-busy>
        <BackLink {...back} />
        {head ? head(undefined) : <Skeleton h={40} w="50%" />}
        {skeleton}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <BackLink {...back} />
      {head?.(read.record)}
      {children(read.record)}
    </Stack>
  );
}
