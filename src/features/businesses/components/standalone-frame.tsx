/** The frame of the business screens outside the shell: the Mkopo mark above a card. */
import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { commonText } from '../../../i18n/common';

export function StandaloneFrame({
  title,
  subtitle,
  width = 480,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  width?: number;
  children: ReactNode;
  /** Below the card's content: a way back, log out. */
  footer?: ReactNode;
}) {
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'xl' }} bg="var(--mantine-color-default-hover)">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="lg">
          <Group gap={8}>
            <Image src="/icons/logo.svg" alt="" w={28} h={28} />
            <Text fw={800} size="lg">
              {commonText.productName}
            </Text>
          </Group>
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed">{subtitle}</Text>
          </Stack>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Center>
  );
}
