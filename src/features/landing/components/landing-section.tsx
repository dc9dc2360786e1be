import { Box, Container, Stack, Text, Title } from '@mantine/core';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

type LandingSectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  tinted?: boolean;
  children: ReactNode;
};

/** One band of the landing page: a centred heading over its content. */
export function LandingSection({
  id,
  eyebrow,
  title,
  description,
  tinted = false,
  children,
}: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      className={clsx(classes.section, tinted && classes.tinted)}
    >
      <Container size="lg">
        <Stack align="center" gap="sm" ta="center" className={classes.sectionHead}>
          <Text tt="uppercase" fw={700} fz="sm" c="teal" lts={1.2}>
            {eyebrow}
          </Text>
          <Title order={2} id={titleId} className={classes.sectionTitle} lh={1.15} lts={-0.5}>
            {title}
          </Title>
          <Text c="dimmed" className={classes.lead} maw={640}>
            {description}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
