/**
 * Every list of the app (docs/architecture.md §8): mantine-react-table on wide screens, the
 * same rows as cards on phones, and always a loading skeleton, an empty state that says
 * what to do next, and an error state with a retry — never a blank area. The table's code
 * and CSS (mantine-react-table, about 80 KiB gzip) load only where it is drawn, from `sm`
 * up: a phone draws the cards and never downloads them.
 */
import { Alert, Button, Card, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { usePhone } from '../lib/use-phone';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MRT_ColumnDef, MRT_RowData, MRT_TableOptions } from 'mantine-react-table';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { commonText } from '../i18n/common';
import { useProgressiveCount, WINDOWED_FROM } from '../lib/use-progressive-count';
import { EmptyState } from './empty-state';
import { PagePagination } from './page-pagination';

/**
 * Cards drawn with the screen: what a phone shows under a screen's heading and search, and
 * one more; the rest follow in a render React may pause (useProgressiveCount). The demo
 * book's 35 borrowers' cards drawn at once were one 640 ms task of a 4× slower phone's
 * Borrowers tap.
 */
const FIRST_CARDS = 6;

/**
 * A card's height before it is measured, with the gap under it: a borrower's card on a 390
 * px phone (111 px and 12).
 */
const CARD_HEIGHT_GUESS = 123;

export type DataTableProps<T extends MRT_RowData> = {
  columns: MRT_ColumnDef<T>[];
  data: T[] | undefined;
  loading: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  /** What the empty list means and what to do next. */
  emptyText: ReactNode;
  onRowClick?: (row: T) => void;
  /** The row as a card on phones: name, the key figure, status. */
  renderCard: (row: T) => ReactNode;
  getRowId?: (row: T) => string;
  /** Extra mantine-react-table options (sorting, pagination, toolbar actions…). */
  options?: Partial<MRT_TableOptions<T>>;
};

export function DataTable<T extends MRT_RowData>(props: DataTableProps<T>) {
  // Read at first render so a phone never mounts the wide table first.
  const phone = usePhone();
  if (props.error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={commonText.loadFailedTitle}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{props.error.message}</Text>
          {props.onRetry && (
            <Button variant="default" size="sm" onClick={props.onRetry}>
              {commonText.retry}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (phone) return <CardList {...props} />;
  const Wide = WideTable as ComponentType<DataTableProps<T>>;
  return (
    <Suspense fallback={<Placeholders count={4} />}>
      <Wide {...props} />
    </Suspense>
  );
}

const WideTable = lazy(() => import('./data-table-wide').then((m) => ({ default: m.WideTable })));

function Placeholders({ count }: { count: number }) {
  return (
    <Stack gap="sm" aria-busy="true">
      {Array.from({ length: count }, (_, i) => i).map((i) => (
        <Skeleton key={i} height={76} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * A list the server pages (Audit logs, Messages): the rows of the page it sent, in its
 * order, and under them the page controls when the list has more than one page.
 */
export function ServerPagedTable<T extends MRT_RowData>({
  page,
  pageSize,
  total,
  onPage,
  ...props
}: Omit<DataTableProps<T>, 'options'> & {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  /** How many rows the whole list has (0 until the server has said). */
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <DataTable
        {...props}
        options={{
          enableSorting: false,
          enableTopToolbar: false,
          enableBottomToolbar: false,
          manualPagination: true,
          enablePagination: false,
          state: { pagination: { pageIndex: 0, pageSize } },
        }}
      />
      {total > pageSize && (
        <PagePagination
          page={page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          onChange={onPage}
        />
      )}
    </>
  );
}

function CardList<T extends MRT_RowData>({
  data,
  loading,
  emptyText,
  onRowClick,
  renderCard,
  getRowId,
  options,
}: DataTableProps<T>) {
  const windowed = (data?.length ?? 0) >= WINDOWED_FROM;
  const count = useProgressiveCount(windowed ? 0 : (data?.length ?? 0), FIRST_CARDS);
  if (loading && !data) {
    // As many placeholders as a short page holds (the lenders' approval pages by 5), else 4.
    const pageSize = options?.initialState?.pagination?.pageSize;
    return <Placeholders count={pageSize && pageSize <= 5 ? pageSize : 4} />;
  }
  if (!data?.length) return <EmptyState>{emptyText}</EmptyState>;
  if (windowed) {
    return (
      <WindowedCards
        data={data}
        renderCard={renderCard}
        onRowClick={onRowClick}
        getRowId={getRowId}
      />
    );
  }
  return (
    <Stack gap="sm" role="list">
      {data.slice(0, count).map((row, index) => (
        <div role="listitem" key={getRowId?.(row) ?? String(index)}>
          <CardItem row={row} renderCard={renderCard} onRowClick={onRowClick} />
        </div>
      ))}
    </Stack>
  );
}

/**
 * A long list's cards near the screen, as the page scrolls (TanStack Virtual's window
 * virtualizer): each placed at its offset in a box as tall as the whole list, measured once
 * drawn. Each says where it stands in the list (aria-posinset of aria-setsize), for a
 * screen reader that meets only the cards drawn.
 */
function WindowedCards<T extends MRT_RowData>({
  data,
  renderCard,
  onRowClick,
  getRowId,
}: Pick<DataTableProps<T>, 'renderCard' | 'onRowClick' | 'getRowId'> & { data: T[] }) {
  const list = useRef<HTMLDivElement>(null);
  // Where the list starts in the page, which the cards' offsets count from: read once the
  // first cards are painted (measured before, the page was laid out twice for that frame).
  // Until then the list draws its first cards, as many as a short list draws with the
  // screen: the cards in sight and a few either side were twice as many, and made a 6×
  // slower phone's Borrowers tap on a list of 500 take 769 ms where a short list's took 543.
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (list.current) setTop(list.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: data.length,
    estimateSize: () => CARD_HEIGHT_GUESS,
    overscan: 4,
    scrollMargin: top ?? 0,
    rangeExtractor: (range) =>
      top === null
        ? Array.from({ length: Math.min(FIRST_CARDS, range.count) }, (_, index) => index)
        : defaultRangeExtractor(range),
    getItemKey: (index) => getRowId?.(data[index]!) ?? index,
    // No layout read while React draws or commits the list, nor a second drawing before the
    // first frame. The library reads the page's scroll as it renders, and each card's height
    // as it is put in the page: each read made the browser lay the page out there and then,
    // about a third of a 6× slower phone's Borrowers tap on a list of 500. The scroll is read
    // once the list is in the page; a card's height comes from the ResizeObserver the library
    // sets on it, which the browser calls after its own layout; the screen's size is known.
    initialOffset: 0,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      const index = Number(element.getAttribute('data-index'));
      return instance.measurementsCache[index]?.size ?? CARD_HEIGHT_GUESS;
    },
  });
  return (
    <div
      ref={list}
      role="list"
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          ref={virtualizer.measureElement}
          data-index={item.index}
          role="listitem"
          aria-setsize={data.length}
          aria-posinset={item.index + 1}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            // The gap the short list's Stack puts between cards, in the measured height.
            paddingBottom: item.index < data.length - 1 ? 'var(--mantine-spacing-sm)' : 0,
            transform: `translateY(${item.start - (top ?? 0)}px)`,
          }}
        >
          <CardItem row={data[item.index]!} renderCard={renderCard} onRowClick={onRowClick} />
        </div>
      ))}
    </div>
  );
}

/**
 * One card of the list, drawn again only when its row or how it is drawn changes: not for
 * each step of cards the list adds (useProgressiveCount), nor as a long list scrolls.
 */
const CardItem = memo(function CardItem<T extends MRT_RowData>({
  row,
  renderCard,
  onRowClick,
}: Pick<DataTableProps<T>, 'renderCard' | 'onRowClick'> & { row: T }) {
  const body = (
    <Card withBorder padding="md" radius="md">
      {renderCard(row)}
    </Card>
  );
  return onRowClick ? (
    <UnstyledButton w="100%" onClick={() => onRowClick(row)} style={{ minHeight: 44 }}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}) as <T extends MRT_RowData>(
  props: Pick<DataTableProps<T>, 'renderCard' | 'onRowClick'> & { row: T },
) => ReactNode;
