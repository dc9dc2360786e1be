import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { landingText } from '../../../i18n/landing';
import { brandFilled } from './brand-color';
import classes from './landing.module.css';
import { MkopoMark } from './mkopo-mark';
import { sectionIds } from './section-ids';

/** The top bar turns solid after this much scroll. */
const solidAfterPx = 50;

const navLinks = [
  { id: sectionIds.features, label: landingText.nav.features },
  { id: sectionIds.howItWorks, label: landingText.nav.howItWorks },
  { id: sectionIds.faq, label: landingText.nav.faq },
];

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size={44}
      radius="md"
      aria-label={landingText.nav.toggleTheme}
      // The landing page is not hydrated: its script finds the toggle by this (src/landing-islands.ts).
      data-theme-toggle
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <Box component="span" lh={0} lightHidden>
        <IconSun size={20} stroke={1.6} />
      </Box>
      <Box component="span" lh={0} darkHidden>
        <IconMoon size={20} stroke={1.6} />
      </Box>
    </ActionIcon>
  );
}

export function LandingHeader() {
  const [scroll] = useWindowScroll();
  const solid = scroll.y > solidAfterPx;

  return (
    <Box component="header" className={classes.header} data-solid={solid || undefined}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to={paths.home} underline="never" className={classes.brand}>
            <Group gap={10} wrap="nowrap">
              <MkopoMark size={34} />
              <Text component="span" fw={800} fz={22} lts={-0.5}>
                {landingText.brand}
              </Text>
            </Group>
          </Anchor>

          <Group component="nav" gap="xl" visibleFrom="md">
            {navLinks.map((link) => (
              <Anchor
                key={link.id}
                href={`#${link.id}`}
                underline="never"
                className={classes.navLink}
              >
                {link.label}
              </Anchor>
            ))}
          </Group>

          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <ThemeToggle />
            </Box>
            <Button component={Link} to={paths.lenderLogin} variant="subtle" h={44} px="sm">
              {landingText.nav.login}
            </Button>
            <Button component={Link} to={paths.lenderRegister} h={44} px="md" color={brandFilled}>
              {landingText.nav.register}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
