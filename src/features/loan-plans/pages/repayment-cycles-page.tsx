/**
 * /dashboard/add/lenderbusiness/repayment-cycle: the
 * selected business's cycles (name, days) and a Create dialog.
 */
import { Group, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { BusinessRecordsPage } from '../../../components/business-records-page';
import { setupText as t } from '../../../i18n/setup';
import { repaymentCyclesQuery, type RepaymentCycle } from '../api/get-repayment-cycles';
import { RepaymentCycleForm } from '../components/repayment-cycle-form';

const columns: MRT_ColumnDef<RepaymentCycle>[] = [
  { accessorKey: 'name', header: t.cycleColumns.name },
  { accessorKey: 'days', header: t.cycleColumns.days, size: 120 },
];

export function RepaymentCyclesPage() {
  return (
    <BusinessRecordsPage
      texts={{
        title: t.cyclesTitle,
        intro: t.cyclesIntro,
        subtitle: t.cyclesSubtitle,
        create: t.createCycle,
        dialogTitle: t.cycleDialogTitle,
        empty: t.cyclesEmpty,
      }}
      query={repaymentCyclesQuery}
      columns={columns}
      renderCard={(cycle) => (
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {cycle.name}
          </Text>
          <Text c="dimmed" style={{ flexShrink: 0 }}>
            {t.everyDays(cycle.days)}
          </Text>
        </Group>
      )}
      renderForm={(form) => <RepaymentCycleForm {...form} />}
    />
  );
}
