/**
 * The page controls under a list the server pages (Audit logs, Messages, the loans on a
 * phone): "Page 2 of 7" and Mantine's page buttons, whose previous and next arrows are
 * named for screen readers.
 */
import { Group, Pagination, Text } from '@mantine/core';
import { commonText } from '../i18n/common';

export function PagePagination({
  page,
  pages,
  onChange,
  compact = false,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** On a phone: the buttons alone, centred, with no neighbours of the current page. */
  compact?: boolean;
}) {
  const buttons = (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size="lg"
      siblings={compact ? 0 : 1}
      getControlProps={(control) => ({
        'aria-label':
          control === 'next'
            ? commonText.nextPage
            : control === 'previous'
              ? commonText.previousPage
              : undefined,
      })}
    />
  );
  if (compact) return <Group justify="center">{buttons}</Group>;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {commonText.pageOf(page, pages)}
      </Text>
      {buttons}
    </Group>
  );
}
