/**
 * The floating loan calculator of the application form: every figure comes from
 * computeLoanTerms, the arithmetic the
 * server stores on the loan, counted as if the loan were disbursed today.
 */
import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import type { LoanTerms, PlanTerms } from '../../../domain/loan-terms';
import { loansText as t } from '../../../i18n/loans';
import { LoanSummary, RepaymentSchedule } from './loan-figures';

export function LoanCalculator({
  terms,
  plan,
  today,
}: {
  terms: LoanTerms;
  plan: PlanTerms;
  today: Date;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow="sm"
      component="section"
      aria-labelledby="loan-calculator-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap={8} wrap="nowrap">
            <IconCalculator size={22} aria-hidden />
            <Title order={2} size="h4" id="loan-calculator-title">
              {t.calculatorTitle}
            </Title>
          </Group>
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {t.ifDisbursedToday}
          </Badge>
        </Group>
        <LoanSummary figures={terms} terms={terms} plan={plan} start={today} ifToday />
        <Divider />
        <RepaymentSchedule terms={terms} start={today} />
        <Text size="xs" c="dimmed">
          {t.disclosure}
        </Text>
      </Stack>
    </Card>
  );
}
