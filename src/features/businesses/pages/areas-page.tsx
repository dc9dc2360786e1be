/**
 * /dashboard/lenderbusinessarea/add: the selected
 * business's areas (name, description) and a Create dialog.
 */
import { Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { areasQuery, type Area } from '../../../api/areas';
import { BusinessRecordsPage } from '../../../components/business-records-page';
import { setupText as t } from '../../../i18n/setup';
import { AreaForm } from '../components/area-form';

const columns: MRT_ColumnDef<Area>[] = [
  { accessorKey: 'name', header: t.areaColumns.name, size: 220 },
  { accessorKey: 'description', header: t.areaColumns.description, size: 480 },
];

export function AreasPage() {
  return (
    <BusinessRecordsPage
      texts={{
        title: t.areasTitle,
        intro: t.areasIntro,
        subtitle: t.areasSubtitle,
        create: t.createArea,
        dialogTitle: t.areaDialogTitle,
        empty: t.areasEmpty,
      }}
      query={areasQuery}
      columns={columns}
      renderCard={(area) => (
        <Stack gap={4}>
          <Text fw={600}>{area.name}</Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {area.description}
          </Text>
        </Stack>
      )}
      renderForm={(form) => <AreaForm {...form} />}
    />
  );
}
