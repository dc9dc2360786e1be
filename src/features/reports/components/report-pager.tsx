/** Prev, "Page X of Y" and Next under a report. */
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { reportsText as t } from '../../../i18n/reports';

export function ReportPager({
  page,
  pages,
  busy,
  onPage,
}: {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label={t.pagination}>
      <Button
        variant="default"
        size="md"
        leftSection={<IconChevronLeft size={18} aria-hidden />}
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {t.previous}
      </Button>
      <Text size="sm" fw={500} aria-live="polite">
        {t.pageOf(page, pages)}
      </Text>
      <Button
        variant="default"
        size="md"
        rightSection={<IconChevronRight size={18} aria-hidden />}
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t.next}
      </Button>
    </Group>
  );
}
