import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconBolt, IconCircleCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { landingText } from '../../../i18n/landing';
import { brandFilled } from './brand-color';
import { DashboardPreview } from './dashboard-preview';
import classes from './landing.module.css';
import { sectionIds } from './section-ids';
import { HydrateWhenVisible } from './hydrate-when-visible';

const text = landingText.hero;

export function HeroSection() {
  return (
    <Box component="section" className={classes.hero} pb={{ base: 56, md: 96 }}>
      <Container size="lg" pt={{ base: 'lg', md: 56 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} verticalSpacing={48}>
          <Stack gap="lg" justify="center">
            <Badge
              variant="light"
              size="lg"
              radius="xl"
              leftSection={<IconBolt size={14} />}
              style={{ alignSelf: 'flex-start' }}
              tt="none"
              fw={600}
              maw="100%"
            >
              {text.badge}
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 48, lg: 56 }} lh={1.08} lts={-1}>
              {text.titleStart}{' '}
              <Text span inherit c="teal">
                {text.titleHighlight}
              </Text>
            </Title>
            <Text className={classes.lead} c="dimmed" maw={540}>
              {text.description}
            </Text>
            <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" mt="xs">
              <Button
                component={Link}
                to={paths.lenderRegister}
                size="lg"
                rightSection={<IconArrowRight size={18} />}
                color={brandFilled}
              >
                {text.getStarted}
              </Button>
              <Button component="a" href={`#${sectionIds.howItWorks}`} size="lg" variant="default">
                {text.learnMore}
              </Button>
            </Flex>
            <Group gap="lg" mt="xs">
              {text.assurances.map((item) => (
                <Group key={item} gap={6} wrap="nowrap">
                  <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" />
                  <Text size="sm" fw={500}>
                    {item}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          {/* Below the text on a phone: it hydrates after the rest of the hero. */}
          <HydrateWhenVisible id={sectionIds.preview}>
            <DashboardPreview />
          </HydrateWhenVisible>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
