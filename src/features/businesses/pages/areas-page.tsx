/**
 * /dashboard/lenderbusinessarea/add (the spec's "Lender business area"): the selected
 * business's areas (name, description) and a Create dialog.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { setupText as t } from '../../../i18n/setup';
import { useApiQuery } from '../../../lib/use-api-query';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { getAreas, type Area } from '../api/get-areas';
import { AreaForm } from '../components/area-form';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { AppModal } from '../../../components/app-modal';

const columns: MRT_ColumnDef<Area>[] = [
  { accessorKey: 'name', header: t.areaColumns.name, size: 220 },
  { accessorKey: 'description', header: t.areaColumns.description, size: 480 },
];

export function AreasPage() {
  const { business } = useSelectedBusiness();
  const [opened, { open, close }] = useDisclosure(false);
  const businessId = business?.id ?? null;
  const areas = useApiQuery(businessId ? `areas:${businessId}` : null, () =>
    getAreas(businessId ?? 0),
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.areasTitle}
        description={business ? t.areasSubtitle(business.businessName) : t.areasIntro}
        action={
          business && (
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={open}
              w={{ base: '100%', sm: 'auto' }}
            >
              {t.createArea}
            </Button>
          )
        }
      />
      {business ? (
        <DataTable
          columns={columns}
          data={areas.data}
          loading={areas.loading}
          error={areas.error}
          onRetry={areas.reload}
          emptyText={t.areasEmpty}
          getRowId={(area) => String(area.id)}
          renderCard={(area) => (
            <Stack gap={4}>
              <Text fw={600}>{area.name}</Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {area.description}
              </Text>
            </Stack>
          )}
        />
      ) : (
        <ChooseBusinessCard text={t.chooseBusinessText} />
      )}
      {business && (
        <AppModal opened={opened} onClose={close} title={t.areaDialogTitle} size={500}>
          <AreaForm
            businessId={business.id}
            onCancel={close}
            onCreated={() => {
              close();
              areas.reload();
            }}
          />
        </AppModal>
      )}
    </Stack>
  );
}
