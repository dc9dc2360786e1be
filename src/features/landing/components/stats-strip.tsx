import { Box, Container, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { landingText } from '../../../i18n/landing';
import classes from './landing.module.css';
import { sectionIds } from './section-ids';

const text = landingText.stats;

export function StatsStrip() {
  return (
    <Box
      component="section"
      id={sectionIds.stats}
      aria-label={text.label}
      mt={{ base: -24, md: -48 }}
      pos="relative"
    >
      <Container size="lg">
        <Paper withBorder radius="lg" shadow="md" py={{ base: 'lg', md: 'xl' }} px="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="lg">
            {text.items.map((item) => (
              <Stack key={item.label} gap={2} align="center" ta="center">
                <Text className={classes.statValue} fw={800} c="teal" lh={1.1} lts={-0.5}>
                  {item.value}
                </Text>
                <Text size="sm" c="dimmed" fw={500}>
                  {item.label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      </Container>
    </Box>
  );
}
