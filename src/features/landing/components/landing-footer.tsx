import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { landingText, supportEmail, supportPhone } from '../../../i18n/landing';
import classes from './landing.module.css';
import { MkopoMark } from './mkopo-mark';
import { sectionIds } from './section-ids';

const text = landingText.footer;

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fw={700} size="sm" mb={4}>
        {heading}
      </Text>
      {children}
    </Stack>
  );
}

function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} className={classes.footerLink} underline="never">
      {children}
    </Anchor>
  );
}

export function LandingFooter() {
  return (
    <Box
      component="footer"
      id={sectionIds.footer}
      className={`${classes.footer} ${classes.tinted}`}
    >
      <Container size="lg" py={{ base: 48, md: 64 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl" verticalSpacing="xl">
          <Stack gap="sm">
            <Group gap={10} wrap="nowrap">
              <MkopoMark size={32} />
              <Text fw={800} fz={20} lts={-0.5}>
                {landingText.brand}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" maw={260}>
              {text.tagline}
            </Text>
          </Stack>
          <FooterColumn heading={text.lendersHeading}>
            <RouteLink to={paths.lenderLogin}>{text.lenderLogin}</RouteLink>
            <RouteLink to={paths.lenderRegister}>{text.lenderRegister}</RouteLink>
          </FooterColumn>
          <FooterColumn heading={text.agentsHeading}>
            <RouteLink to={paths.agentLogin}>{text.agentLogin}</RouteLink>
          </FooterColumn>
          <FooterColumn heading={text.supportHeading}>
            <Anchor
              href={`mailto:${supportEmail}`}
              className={classes.footerLink}
              underline="never"
            >
              <IconMail size={16} aria-hidden="true" />
              {supportEmail}
            </Anchor>
            <Anchor
              href={`tel:${supportPhone.replace(/\s/g, '')}`}
              className={classes.footerLink}
              underline="never"
            >
              <IconPhone size={16} aria-hidden="true" />
              {supportPhone}
            </Anchor>
          </FooterColumn>
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {text.copyright(new Date().getFullYear())}
          </Text>
          <RouteLink to={paths.adminLogin}>{text.admin}</RouteLink>
        </Group>
      </Container>
    </Box>
  );
}
