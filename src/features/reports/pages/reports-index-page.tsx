/**
 * /dashboard/reports: for administrators, the eleven reports as cards (title and what
 * each shows). The lender sidebar has a Reports entry too; lenders and agents get an
 * honest page pointing to their own figures,
 * the agent's in the screen's language.
 */
import { Anchor, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconReportAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import { ownFiguresText as own } from '../../../i18n/own-figures';
import { reportsText as t } from '../../../i18n/reports';
import { paths, reportNames } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { reportDefinitions } from '../utils/report-definitions';

function ReportCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {reportNames.map((name) => {
        const report = reportDefinitions[name];
        return (
          <Card key={name} withBorder radius="md" padding="lg" pos="relative">
            <Stack gap="xs" h="100%">
              <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                <IconReportAnalytics size={20} />
              </ThemeIcon>
              <Title order={2} size="h4">
                <Anchor
                  component={Link}
                  to={paths.dashboard.report(name)}
                  c="inherit"
                  underline="never"
                  className="stretched-link"
                >
                  {report.title}
                </Anchor>
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {report.description}
              </Text>
              <Text
                size="sm"
                c="var(--mantine-color-anchor)"
                fw={500}
                style={{ display: 'flex', alignItems: 'center' }}
              >
                {t.openReport}
                <IconChevronRight size={16} aria-hidden />
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function OwnFigures({ text, links }: { text: string; links: { to: string; label: string }[] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text>{text}</Text>
        <List spacing="xs">
          {links.map((link) => (
            <List.Item key={link.to}>
              <Anchor component={Link} to={link.to}>
                {link.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

export function ReportsIndexPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin' || user?.role === 'super_admin';
  if (admin) {
    return (
      <Stack gap="lg">
        <PageHead title={t.indexTitle} description={t.indexSubtitle} />
        <ReportCards />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHead title={own.title} description={own.subtitle} />
      {user?.role === 'agent' ? (
        <OwnFigures
          text={own.agentText}
          links={[
            { to: paths.dashboard.followUps, label: own.agentLinks.followUps },
            { to: paths.dashboard.borrowers, label: own.agentLinks.borrowers },
          ]}
        />
      ) : (
        <OwnFigures
          text={t.lenderPage.text}
          links={[
            { to: paths.dashboard.loans, label: t.lenderPage.links.loans },
            { to: paths.dashboard.repayments, label: t.lenderPage.links.repayments },
            { to: paths.dashboard.fines, label: t.lenderPage.links.fines },
          ]}
        />
      )}
    </Stack>
  );
}
