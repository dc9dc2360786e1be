import { Card, Skeleton } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import classes from './stat-card.module.css';

export type Figure = { label: string; value: string };

/**
 * A dashboard card: a title, its main figure large, and supporting figures below. Inside
 * Mantine's Card, plain elements with the card's own styles (stat-card.module.css), as
 * Mantine's Group, Stack, Text and ThemeIcon drew them: each card was 37 to 45 React
 * components, and the agent's dashboard opens with three of them on a slow phone.
 */
export function StatCard({
  title,
  icon: Icon,
  main,
  others = [],
  loading,
}: {
  title: string;
  icon: TablerIcon;
  main: Figure;
  others?: Figure[];
  loading: boolean;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      aria-busy={loading}
    >
      <div className={classes.head}>
        <p className={classes.title}>{title}</p>
        <div className={classes.icon} aria-hidden>
          <Icon size={20} />
        </div>
      </div>
      <div className={classes.main}>
        <p className={classes.label}>{main.label}</p>
        {loading ? <Skeleton h={32} w="70%" /> : <p className={classes.value}>{main.value}</p>}
      </div>
      {others.length > 0 && (
        <div className={classes.others}>
          {others.map((figure) => (
            <div key={figure.label} className={classes.other}>
              <p className={classes.otherLabel}>{figure.label}</p>
              {loading ? (
                <Skeleton h={16} w={60} />
              ) : (
                <p className={classes.otherValue}>{figure.value}</p>
              )}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
