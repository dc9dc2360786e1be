/**
 * A long list draws its first items with the screen and the rest a step at a time in later
 * renders (src/lib/use-progressive-count.ts); a short one draws everything at once.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit, useProgressiveCount } from '../../src/lib/use-progressive-count';

const renders: number[] = [];

function List({ count }: { count: number }) {
  const shown = useProgressiveCount(count, 5);
  renders.push(shown);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>item {i + 1}</li>
      ))}
    </ul>
  );
}

describe('useProgressiveCount', () => {
  it('draws the first five of a hundred, then all of them', async () => {
    renders.length = 0;
    render(<List count={100} />);
    expect(renders[0]).toBe(5);
    expect(await screen.findByText('item 100')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    // Five more at a time after the first five, each step a render of its own.
    expect(renders.filter((shown, i) => shown !== renders[i - 1])).toEqual(
      Array.from({ length: 20 }, (_, i) => 5 * (i + 1)),
    );
  });

  it('draws a short list whole at once', () => {
    renders.length = 0;
    render(<List count={3} />);
    expect(renders).not.toContain(0);
    expect(renders[0]).toBe(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('draws a list that grows from nothing as it grows', async () => {
    renders.length = 0;
    const { rerender } = render(<List count={0} />);
    expect(renders[0]).toBe(0);
    rerender(<List count={40} />);
    expect(renders[1]).toBe(5);
    expect(await screen.findByText('item 40')).toBeInTheDocument();
  });
});

describe('useAfterFirstCommit', () => {
  const seen: boolean[] = [];
  function Later() {
    const after = useAfterFirstCommit();
    seen.push(after);
    return <p>{after ? 'the rest' : 'what is on the screen'}</p>;
  }

  it('is false in the first render and true in the one after its commit, and stays so', async () => {
    seen.length = 0;
    const { rerender } = render(<Later />);
    expect(seen[0]).toBe(false);
    expect(await screen.findByText('the rest')).toBeInTheDocument();
    rerender(<Later />);
    expect(seen.slice(seen.indexOf(true))).not.toContain(false);
    expect(seen.at(-1)).toBe(true);
  });
});
