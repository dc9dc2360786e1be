/**
 * The first line of a record's card on a phone (the cards of DataTable and the dashboards'
 * lists): its name in bold, cut to one line, and at the right what stands out about it (a
 * status badge, an amount), which never wraps under it. Plain elements with their own styles
 * (card-head.module.css), not Mantine's Group and Text: a list draws one per card.
 */
import type { ReactNode } from 'react';
import classes from './card-head.module.css';

export function CardHead({
  title,
  aside,
  gap = 'xs',
}: {
  title: ReactNode;
  aside: ReactNode;
  /** The space between the name and the aside (Mantine's spacing). */
  gap?: 'xs' | 'sm';
}) {
  return (
    <div className={classes.head} data-gap={gap}>
      <p className={classes.title}>{title}</p>
      {aside}
    </div>
  );
}
