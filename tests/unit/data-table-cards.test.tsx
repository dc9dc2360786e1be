/**
 * A phone's list (src/components/data-table.tsx) draws the cards in sight with the screen
 * and the rest a few at a time in later renders (transitions), not a hundred cards in one
 * go, and draws each card once; a long list draws only the cards near the screen.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataTable } from '../../src/components/data-table';
import { WINDOWED_FROM } from '../../src/lib/use-progressive-count';

type Row = { id: number; name: string };
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `Borrower ${i}` }));

describe("a phone's list", () => {
  const setViewport = (viewport: { width: number; height?: number }) =>
    (window as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport(
      viewport,
    );
  let width = 0;
  beforeEach(() => {
    width = window.innerWidth;
    setViewport({ width: 390, height: 844 });
  });
  afterEach(() => setViewport({ width }));

  /** The list of `data` on a phone, telling `onDraw` of each card it draws. */
  function renderList(data: Row[], onDraw: (row: Row) => void) {
    render(
      <MantineProvider>
        <DataTable<Row>
          columns={[{ accessorKey: 'name', header: 'Name' }]}
          data={data}
          loading={false}
          emptyText="No borrowers"
          getRowId={(row) => String(row.id)}
          renderCard={(row) => {
            onDraw(row);
            return <span>{row.name}</span>;
          }}
        />
      </MantineProvider>,
    );
  }

  it('draws the first cards with the screen and the others after', async () => {
    const drawn: number[] = [];
    renderList(rows, (row) => drawn.push(row.id));
    expect(await screen.findByText('Borrower 29')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    // Six cards with the screen, then six more at a time, each card drawn once: a tap that
    // interrupts a step waits for six cards, not for the whole rest of the list.
    expect(drawn).toEqual(rows.map((row) => row.id));
  });

  it('draws a long list only near the screen, each card saying where it stands', async () => {
    const many: Row[] = Array.from({ length: WINDOWED_FROM * 4 }, (_, i) => ({
      id: i,
      name: `Borrower ${i}`,
    }));
    const drawn = new Set<number>();
    renderList(many, (row) => drawn.add(row.id));
    expect(await screen.findByText('Borrower 0')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    // A 844 px screen's cards and a few more; never the list.
    expect(items.length).toBeGreaterThan(3);
    expect(items.length).toBeLessThan(20);
    expect(drawn.size).toBe(items.length);
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(
      items.map((_, i) => String(i + 1)),
    );
    for (const item of items) expect(item.getAttribute('aria-setsize')).toBe(String(many.length));
    expect(screen.queryByText(`Borrower ${many.length - 1}`)).toBeNull();
  });
});
