/** Previous / Next under a list, with "Page x of y". */
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lendersText } from '../../../i18n/lenders';

const t = lendersText.adminScreens;

export function ListPager({
  page,
  pages,
  onPage,
}: {
  /** Zero-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t.pageOf(page + 1, pages)}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          mih={44}
          leftSection={<IconChevronLeft size={16} />}
          disabled={page <= 0}
          onClick={() => onPage(page - 1)}
        >
          {t.previous}
        </Button>
        <Button
          variant="default"
          size="sm"
          mih={44}
          rightSection={<IconChevronRight size={16} />}
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        >
          {t.next}
        </Button>
      </Group>
    </Group>
  );
}
