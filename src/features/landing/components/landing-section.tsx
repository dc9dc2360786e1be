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
      py={{ base: 64, md: 96 }}
    >
      <Container size="lg">
        <Stack align="center" gap="sm" ta="center" mb={{ base: 40, md: 56 }}>
          <Text tt="uppercase" fw={700} fz="sm" c="teal" lts={1.2}>
            {eyebrow}
          </Text>
          <Title order={2} id={titleId} fz={{ base: 28, sm: 36, md: 40 }} lh={1.15} lts={-0.5}>
            {title}
          </Title>
          <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={640}>
            {description}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
