/**
 * Stands in for a route whose screen arrives with a later issue: the route is real and
 * guarded, and the page says so honestly instead of showing a blank area.
 */
import { Container, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { commonText } from '../i18n/common';
import { paths } from '../lib/paths';

type SegmentTitles = Record<string, string | undefined>;
const segmentTitles: SegmentTitles = commonText.pathSegmentTitles;
const actionTitles: SegmentTitles = commonText.pathActionTitles;

// Record ids (numbers, uuids) and the area prefix say nothing about the screen.
const ID_PATTERN = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27,})$/i;
const NON_TITLE_SEGMENTS = new Set(['dashboard']);

function humanise(segment: string): string {
  return (
    segmentTitles[segment] ??
    segment
      .split(/[-_]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** "/dashboard/loanplan/add" → "Add Loan Plan", "/dashboard/borrowers/12" → "Borrowers". */
export function titleFromPath(pathname: string): string {
  const segments = pathname
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .filter((segment) => segment && !ID_PATTERN.test(segment) && !NON_TITLE_SEGMENTS.has(segment));
  const last = segments.at(-1);
  if (!last) return commonText.productName;
  const action = actionTitles[last];
  const subject = segments.at(-2);
  if (action && subject) return `${action} ${humanise(subject)}`;
  return humanise(last);
}

export function UpcomingPage() {
  const { pathname } = useLocation();
  // Inside the dashboard the shell frames the page; elsewhere it needs its own margins.
  const framed = pathname.startsWith(paths.dashboard.root);
  const head = (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {titleFromPath(pathname)}
      </Title>
      <Text c="dimmed">{commonText.upcomingScreen}</Text>
    </Stack>
  );
  return framed ? (
    head
  ) : (
    <Container size="lg" py="xl">
      {head}
    </Container>
  );
}
