/**
 * /dashboard/loanplan/add, for lenders and agents:
 * the selected business's plans; lenders also get the Create button and its dialog.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { setupText as t } from '../../../i18n/setup';
import { formatPercent, orNA } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { loanPlansQuery, type LoanPlan } from '../../../api/loan-plans';
import { BusinessPage } from '../../../components/business-page';
import { AppModal } from '../../../components/app-modal';
import { LoanPlanForm } from '../components/loan-plan-form';
import { CardHead } from '../../../components/card-head';

type Key = keyof LoanPlan & string;

// The fine rates and grace days are grouped under one head each, "Within" and "Over"
// the loan period, so that nine figures fit on one line.
const percentColumn = (key: Key, header: string): MRT_ColumnDef<LoanPlan> => ({
  accessorKey: key,
  header,
  Cell: ({ cell }) => formatPercent(cell.getValue<number>()),
});
const daysColumn = (key: Key, header: string): MRT_ColumnDef<LoanPlan> => ({
  accessorKey: key,
  header,
  Cell: ({ cell }) => t.days(cell.getValue<number>()),
});
const withinOver = (
  header: string,
  column: typeof percentColumn,
  within: Key,
  over: Key,
): MRT_ColumnDef<LoanPlan> => ({
  id: within,
  header,
  columns: [
    {
      ...column(within, t.planColumns.withinLoanPeriod),
      Header: (
        <span title={t.planColumns.withinLoanPeriodLong}>{t.planColumns.withinLoanPeriod}</span>
      ),
    },
    {
      ...column(over, t.planColumns.overLoanPeriod),
      Header: <span title={t.planColumns.overLoanPeriodLong}>{t.planColumns.overLoanPeriod}</span>,
    },
  ],
});

const columns: MRT_ColumnDef<LoanPlan>[] = [
  { accessorKey: 'name', header: t.planColumns.name },
  daysColumn('durationInDays', t.planColumns.durationInDays),
  percentColumn('interestRate', t.planColumns.interestRate),
  percentColumn('processingFee', t.planColumns.processingFee),
  {
    id: 'repaymentCycle',
    accessorFn: (plan) => orNA(plan.repaymentCycle.name),
    header: t.planColumns.repaymentCycle,
  },
  withinOver(
    t.planColumns.fineRate,
    percentColumn,
    'fineRateWithinLoanPeriod',
    'fineRateOverLoanPeriod',
  ),
  withinOver(
    t.planColumns.graceDays,
    daysColumn,
    'gracePeriodWithinLoanPeriod',
    'gracePeriodOverLoanPeriod',
  ),
];

export function LoanPlansPage() {
  return (
    <BusinessPage
      title={t.plansTitle}
      descriptionNoBusiness={t.plansIntro}
      chooseText={t.chooseBusinessText}
    >
      {(business) => <BusinessPlans business={business} />}
    </BusinessPage>
  );
}

function BusinessPlans({ business }: { business: SelectedBusiness }) {
  const { user } = useSession();
  const [opened, { open, close }] = useDisclosure(false);
  const isLender = user?.role === 'lender';
  const plans = useQuery(loanPlansQuery(business.id));

  return (
    <>
      <PageHead
        title={t.plansTitle}
        description={t.plansSubtitle(business.businessName)}
        action={
          isLender && (
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={open}
              w={{ base: '100%', sm: 'auto' }}
            >
              {t.createPlan}
            </Button>
          )
        }
      />
      <DataTable
        columns={columns}
        data={plans.data}
        loading={plans.isLoading}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        emptyText={isLender ? t.plansEmpty : t.plansEmptyAgent}
        getRowId={(plan) => String(plan.id)}
        renderCard={(plan) => <PlanCard plan={plan} />}
        options={{
          // Content-sized columns (no per-column filter boxes, sort icons on hover): the
          // nine figures fit beside the sidebar at 1440 px. The search box stays.
          enableColumnFilters: false,
          enableHeaderActionsHoverReveal: true,
          mantineTableHeadCellProps: { style: { minWidth: 0, width: 'auto' } },
          mantineTableBodyCellProps: { style: { minWidth: 0, width: 'auto' } },
        }}
      />
      {isLender && (
        <AppModal opened={opened} onClose={close} title={t.planDialogTitle} size={800}>
          <LoanPlanForm businessId={business.id} onCancel={close} onCreated={close} />
        </AppModal>
      )}
    </>
  );
}

/**
 * A plan on a phone: name and cycle, then duration, interest and fee at a glance, and the
 * fine rates with their grace days, within and over the loan period.
 */
function PlanCard({ plan }: { plan: LoanPlan }) {
  return (
    <Stack gap={6}>
      <CardHead
        title={plan.name}
        aside={
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {orNA(plan.repaymentCycle.name)}
          </Badge>
        }
      />
      <Group gap="md">
        <Text size="sm">{t.days(plan.durationInDays)}</Text>
        <Text size="sm">
          {formatPercent(plan.interestRate)} {t.interestShort}
        </Text>
        <Text size="sm" c="dimmed">
          {formatPercent(plan.processingFee)} {t.feeShort}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t.finesWithin(
          formatPercent(plan.fineRateWithinLoanPeriod),
          t.days(plan.gracePeriodWithinLoanPeriod),
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {t.finesOver(
          formatPercent(plan.fineRateOverLoanPeriod),
          t.days(plan.gracePeriodOverLoanPeriod),
        )}
      </Text>
    </Stack>
  );
}
