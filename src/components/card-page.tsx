/**
 * Phones show a list as cards, 20 at a time with a Show more button, so a business with
 * thousands of rows renders as fast as one with ten; wide screens get every row for the
 * table, which paginates itself.
 */
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

const CARDS_PER_PAGE = 20;

export function useCardPage<T>(rows: T[] | undefined) {
  // Read at once, not after a first render: that render would build all rows.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [shown, setShown] = useState(CARDS_PER_PAGE);
  const [shownOf, setShownOf] = useState(rows);
  if (shownOf !== rows) {
    // Another filter, tab or reload: start again from the first cards.
    setShownOf(rows);
    setShown(CARDS_PER_PAGE);
  }
  return {
    rows: phone && rows ? rows.slice(0, shown) : rows,
    more: phone && rows ? Math.max(0, rows.length - shown) : 0,
    showMore: () => setShown((n) => n + CARDS_PER_PAGE),
  };
}

export function ShowMoreButton({
  more,
  onClick,
  label,
}: {
  more: number;
  onClick: () => void;
  label: (count: number) => string;
}) {
  if (more <= 0) return null;
  return (
    <Button variant="default" size="md" fullWidth onClick={onClick}>
      {label(more)}
    </Button>
  );
}
