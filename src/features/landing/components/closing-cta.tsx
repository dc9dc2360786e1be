import { Badge, Box, Button, Container, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconDeviceMobile } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { landingText } from '../../../i18n/landing';
import { brandFilled } from './brand-color';
import classes from './landing.module.css';
import { sectionIds } from './section-ids';

const text = landingText.cta;

export function ClosingCta() {
  return (
    <Box
      component="section"
      id={sectionIds.getStarted}
      aria-labelledby="cta-title"
      className={classes.section}
    >
      <Container size="lg">
        <Paper
          radius="xl"
          className={classes.cta}
          px={{ base: 'lg', sm: 48 }}
          py={{ base: 48, sm: 72 }}
        >
          <Stack align="center" ta="center" gap="lg">
            <Badge
              variant="white"
              color={brandFilled}
              size="lg"
              radius="xl"
              tt="none"
              fw={600}
              leftSection={<IconDeviceMobile size={14} />}
            >
              {text.mobileApp}
            </Badge>
            <Title order={2} id="cta-title" c="white" fz={{ base: 28, sm: 40 }} lh={1.15} maw={680}>
              {text.title}
            </Title>
            <Text className={classes.lead} maw={600} opacity={0.9}>
              {text.description}
            </Text>
            <Flex
              direction={{ base: 'column', xs: 'row' }}
              gap="sm"
              w={{ base: '100%', xs: 'auto' }}
            >
              <Button
                component={Link}
                to={paths.lenderRegister}
                size="lg"
                variant="white"
                color={brandFilled}
                rightSection={<IconArrowRight size={18} />}
              >
                {text.primary}
              </Button>
              <Button
                component={Link}
                to={paths.lenderLogin}
                size="lg"
                variant="outline"
                color="white"
              >
                {text.secondary}
              </Button>
            </Flex>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
