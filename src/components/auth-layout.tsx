/** The frame of every account screen: the Mkopo mark above a centred card. */
import {
  Alert,
  Anchor,
  Box,
  Card,
  Center,
  Container,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { commonText } from '../i18n/common';
import classes from './auth-layout.module.css';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  /** An icon shown above the title, for status screens (sent, done, rejected). */
  icon?: ReactNode;
  /** Card width: `sm` for forms, `md` for wider content. */
  size?: 'sm' | 'md';
  children: ReactNode;
};

export function AuthLayout({ title, subtitle, icon, size = 'sm', children }: AuthLayoutProps) {
  return (
    <Box className={classes.root} py={{ base: 'md', xs: 'xl' }}>
      <Container
        size={size === 'sm' ? 460 : 680}
        px={{ base: 0, xs: 'md' }}
        className={classes.container}
      >
        <Stack gap="lg">
          <Center>
            <Anchor component={Link} to={paths.home} underline="never" className={classes.brand}>
              <Group gap="xs">
                <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
                  <Text fw={800} fz="lg" c="white">
                    M
                  </Text>
                </ThemeIcon>
                <Text fw={700} fz="xl" c="var(--mantine-color-text)">
                  {commonText.productName}
                </Text>
              </Group>
            </Anchor>
          </Center>
          <Card
            withBorder
            shadow="sm"
            radius="md"
            p={{ base: 'lg', sm: 'xl' }}
            className={classes.card}
          >
            <Stack gap="lg">
              <Stack gap={6} align={icon ? 'center' : 'stretch'} ta={icon ? 'center' : undefined}>
                {icon}
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}

type AuthStatusScreenProps = {
  title: string;
  message: ReactNode;
  /** The Mantine colour of the round icon: teal done, yellow waiting, red refused. */
  color: string;
  icon: ReactNode;
  size?: AuthLayoutProps['size'];
  /** The screen's actions (buttons), below the message. */
  children: ReactNode;
};

/** A screen that reports an outcome (sent, done, under review, rejected) with a round icon. */
export function AuthStatusScreen({
  title,
  message,
  color,
  icon,
  size,
  children,
}: AuthStatusScreenProps) {
  return (
    <AuthLayout
      title={title}
      subtitle={message}
      size={size}
      icon={
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      }
    >
      {children}
    </AuthLayout>
  );
}

/** The destructive alert of an account screen, such as a failed login. */
export function AuthErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      role="alert"
      classNames={{ message: classes.alertMessage }}
    >
      {children}
    </Alert>
  );
}

/** A text link inside an account screen, tall enough to hit with a thumb. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} className={classes.touchLink}>
      {children}
    </Anchor>
  );
}
