/**
 * Regions (/dashboard/add/lender/region, the spec's "Regions", "Validation rules", "Error catalogue"): the table of
 * regions lenders choose from, and a dialog to create one.
 */
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { regionSchema } from '../../../domain/reference-data';
import { adminText as t } from '../../../i18n/admin';
import { orNA } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useApiQuery } from '../../../lib/use-api-query';
import { createRegion, type RegionInput } from '../api/create-region';
import { getRegions } from '../../../api/reference-data';
import type { Region } from '../../../domain/reference-data';
import { AppModal } from '../../../components/app-modal';
import { CreateButton } from '../components/create-button';
import { notifyFailure, useFailureToast } from '../../../lib/failure';

const columns: MRT_ColumnDef<Region>[] = [
  { accessorKey: 'name', header: t.columns.name, size: 220 },
  {
    id: 'description',
    header: t.columns.description,
    accessorFn: (region) => orNA(region.description),
    size: 480,
  },
];

export function RegionsPage() {
  const regions = useApiQuery('admin:regions', getRegions);
  useFailureToast(regions.error, t.regionsFetchFailed);
  const [creating, setCreating] = useState(false);

  return (
    <Stack gap="lg">
      <PageHead
        title={t.regionsTitle}
        description={t.regionsSubtitle}
        action={<CreateButton label={t.createRegion} onClick={() => setCreating(true)} />}
      />
      <DataTable
        columns={columns}
        data={regions.data}
        loading={regions.loading}
        error={regions.error}
        onRetry={regions.reload}
        emptyText={t.noRegions}
        getRowId={(region) => String(region.id)}
        renderCard={(region) => (
          <Stack gap={2}>
            <Text fw={600}>{region.name}</Text>
            <Text size="sm" c="dimmed">
              {orNA(region.description)}
            </Text>
          </Stack>
        )}
        options={{
          initialState: {
            pagination: { pageIndex: 0, pageSize: 10 },
            density: 'md',
            sorting: [{ id: 'name', desc: false }],
          },
        }}
      />
      <CreateRegionDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          regions.reload();
        }}
      />
    </Stack>
  );
}

function CreateRegionDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegionInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '' },
    validate: schemaResolver(regionSchema),
  });

  function close() {
    form.reset();
    setError(null);
    onClose();
  }

  async function submit(values: RegionInput) {
    setBusy(true);
    setError(null);
    try {
      await createRegion({ name: values.name.trim(), description: values.description.trim() });
      notifySuccess(t.successTitle, t.regionCreated);
      form.reset();
      onCreated();
    } catch (failure) {
      setError(notifyFailure(t.regionCreateFailed, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppModal size={500} opened={opened} title={t.createRegion} busy={busy} onClose={close}>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle />}
              title={t.regionCreateFailed}
            >
              {error}
            </Alert>
          )}
          <TextInput
            label={t.nameLabel}
            placeholder={t.regionNamePlaceholder}
            withAsterisk
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t.descriptionLabel}
            withAsterisk
            autosize
            minRows={3}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} mih={44}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy} mih={44}>
              {busy ? t.creating : t.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
