/**
 * The figures of a loan as a borrower must see them before accepting (docs/architecture.md §4,
 * CBK digital-credit disclosure): the amounts, the total cost of credit in shillings and
 * as a share of the principal, the repayments, the due date and the schedule. Used by
 * the application's calculator and by the lender's details and edit dialogs.
 */
import { Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { dueDate, type LoanTerms, type PlanTerms } from '../../../domain/loan-terms';
import { centsToNumber, type Cents } from '../../../domain/money';
import { loansText as t } from '../../../i18n/loans';
import { formatDate, formatKes, formatPercent } from '../../../lib/format';
import { costSharePercent, type LoanFigures } from '../utils/terms';

const kes = (cents: Cents) => formatKes(centsToNumber(cents));

export function FigureRow({
  label,
  value,
  strong = false,
  hint,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  hint?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : 400}>
          {label}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** Principal, fee, interest, total and what reaches M-Pesa; outstanding when known. */
export function LoanAmounts({
  figures,
  rates,
  outstanding,
}: {
  figures: LoanFigures;
  rates: { interestRate: number; processingFee: number };
  outstanding?: Cents;
}) {
  return (
    <Stack gap={8}>
      <FigureRow label={t.figures.principal} value={kes(figures.principal)} />
      <FigureRow
        label={t.withRate(t.figures.processingFee, formatPercent(rates.processingFee))}
        value={kes(figures.processingFee)}
      />
      <FigureRow
        label={t.withRate(t.figures.interest, formatPercent(rates.interestRate))}
        value={kes(figures.interest)}
      />
      <FigureRow label={t.figures.total} value={kes(figures.total)} strong />
      <FigureRow label={t.figures.disbursement} value={kes(figures.disbursement)} strong />
      {outstanding !== undefined && (
        <FigureRow label={t.figures.outstanding} value={kes(outstanding)} strong />
      )}
    </Stack>
  );
}

/** Fee plus interest, in shillings and as a share of the principal. */
export function CostOfCredit({ figures }: { figures: LoanFigures }) {
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-primary-color-light)">
      <FigureRow
        label={t.figures.costOfCredit}
        hint={t.costShare(formatPercent(costSharePercent(figures)))}
        value={kes(figures.costOfCredit)}
        strong
      />
    </Paper>
  );
}

/** How many payments, of how much, and when the loan is due, counted from `start`. */
export function RepaymentPlan({
  terms,
  cycleDays,
  durationInDays,
  start,
  ifToday,
}: {
  terms: LoanTerms;
  cycleDays: number;
  durationInDays: number;
  start: Date;
  /** The loan is not disbursed yet: dates count from today. */
  ifToday: boolean;
}) {
  const last = terms.schedule[terms.schedule.length - 1];
  const uneven = terms.cycles > 1 && last !== undefined && last.amount !== terms.cyclePayment;
  return (
    <Stack gap={8}>
      <FigureRow label={t.figures.cycles} value={t.cyclesEvery(terms.cycles, t.days(cycleDays))} />
      <FigureRow label={t.figures.cyclePayment} value={kes(terms.cyclePayment)} />
      {uneven && <FigureRow label={t.figures.lastPayment} value={kes(last.amount)} />}
      <FigureRow
        label={t.figures.dueDate}
        hint={ifToday ? t.ifDisbursedToday : undefined}
        value={formatDate(dueDate(start, durationInDays))}
        strong
      />
    </Stack>
  );
}

/** The amounts, the cost of credit and the repayments, as a borrower must see them. */
export function LoanSummary({
  figures,
  terms,
  plan,
  start,
  ifToday,
  outstanding,
}: {
  /** The amounts shown: the terms themselves, or the figures stored on a loan. */
  figures: LoanFigures;
  terms: LoanTerms;
  plan: PlanTerms;
  start: Date;
  ifToday: boolean;
  outstanding?: Cents;
}) {
  return (
    <>
      <LoanAmounts figures={figures} rates={plan} outstanding={outstanding} />
      <CostOfCredit figures={figures} />
      <RepaymentPlan
        terms={terms}
        cycleDays={plan.cycleDays}
        durationInDays={plan.durationInDays}
        start={start}
        ifToday={ifToday}
      />
    </>
  );
}

/** Instalment number, due date and amount, with the total. */
export function RepaymentSchedule({
  terms,
  start,
  maxHeight = 280,
}: {
  terms: LoanTerms;
  start: Date;
  maxHeight?: number;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t.scheduleTitle}
      </Text>
      <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars="present">
        <Table
          striped
          withTableBorder
          verticalSpacing={6}
          horizontalSpacing="xs"
          fz="sm"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>{t.scheduleColumns.number}</Table.Th>
              <Table.Th>{t.scheduleColumns.dueDate}</Table.Th>
              <Table.Th ta="right">{t.scheduleColumns.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {terms.schedule.map((instalment) => (
              <Table.Tr key={instalment.number}>
                <Table.Td>{instalment.number}</Table.Td>
                <Table.Td>{formatDate(dueDate(start, instalment.dayOffset))}</Table.Td>
                <Table.Td ta="right">{kes(instalment.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>{t.scheduleTotal}</Table.Th>
              <Table.Th ta="right">{kes(terms.total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
