/**
 * /dashboard/add/lenderbusiness/repayment-cycle (the spec's "Repayment cycles"): the
 * selected business's cycles (name, days) and a Create dialog.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { setupText as t } from '../../../i18n/setup';
import { useApiQuery } from '../../../lib/use-api-query';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { getRepaymentCycles, type RepaymentCycle } from '../api/get-repayment-cycles';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { AppModal } from '../../../components/app-modal';
import { RepaymentCycleForm } from '../components/repayment-cycle-form';

const columns: MRT_ColumnDef<RepaymentCycle>[] = [
  { accessorKey: 'name', header: t.cycleColumns.name },
  { accessorKey: 'days', header: t.cycleColumns.days, size: 120 },
];

export function RepaymentCyclesPage() {
  const { business } = useSelectedBusiness();
  const [opened, { open, close }] = useDisclosure(false);
  const businessId = business?.id ?? null;
  const cycles = useApiQuery(businessId ? `cycles:${businessId}` : null, () =>
    getRepaymentCycles(businessId ?? 0),
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.cyclesTitle}
        description={business ? t.cyclesSubtitle(business.businessName) : t.cyclesIntro}
        action={
          business && (
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={open}
              w={{ base: '100%', sm: 'auto' }}
            >
              {t.createCycle}
            </Button>
          )
        }
      />
      {business ? (
        <DataTable
          columns={columns}
          data={cycles.data}
          loading={cycles.loading}
          error={cycles.error}
          onRetry={cycles.reload}
          emptyText={t.cyclesEmpty}
          getRowId={(cycle) => String(cycle.id)}
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
        />
      ) : (
        <ChooseBusinessCard text={t.chooseBusinessText} />
      )}
      {business && (
        <AppModal opened={opened} onClose={close} title={t.cycleDialogTitle} size={500}>
          <RepaymentCycleForm
            businessId={business.id}
            onCancel={close}
            onCreated={() => {
              close();
              cycles.reload();
            }}
          />
        </AppModal>
      )}
    </Stack>
  );
}
