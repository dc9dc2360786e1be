/** One row of a report in full, with what its figures mean, and a Back button. */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DetailList } from '../../../components/detail-list';
import { PageHead } from '../../../components/page-head';
import { reportsText as t } from '../../../i18n/reports';
import { paths } from '../../../lib/paths';
import type { ReportDefinition } from '../utils/report-definitions';
import type { AnyRow } from './report-table';

export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Group>
      <Button
        variant="default"
        size="md"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        onClick={onBack}
      >
        {t.back}
      </Button>
    </Group>
  );
}

export function ReportDetails({
  report,
  row,
}: {
  report: ReportDefinition<unknown>;
  row: AnyRow | undefined;
}) {
  if (!row) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed">{t.rowNotOnPage}</Text>
      </Card>
    );
  }
  const lenderId = report.lenderId?.(row);
  return (
    <Stack gap="lg">
      <PageHead title={report.heading(row)} description={t.detailsOf(report.title)} />
      <Card
        withBorder
        radius="md"
        padding="lg"
        component="section"
        aria-label={t.details}
        maw={880}
      >
        <Stack gap="lg">
          <DetailList
            items={report.fields.map((field) => ({
              label: field.label,
              value: (
                <Stack gap={4} component="span">
                  <span>{field.cell ? field.cell(row) : field.text(row)}</span>
                  {field.note && (
                    <Text component="span" size="xs" c="dimmed" fw={400}>
                      {field.note}
                    </Text>
                  )}
                </Stack>
              ),
            }))}
          />
          {lenderId !== undefined && (
            <Anchor
              component={Link}
              to={paths.dashboard.approveLenderReview(lenderId)}
              w="fit-content"
            >
              <Group gap={4} mih={44} wrap="nowrap">
                {t.openLender}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
