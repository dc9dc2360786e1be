/**
 * Regions (/dashboard/add/lender/region): the table of regions lenders choose from, and a
 * dialog to create one (a refusal shows in the dialog and as a toast).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/form-resolver';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { regionSchema } from '../../../domain/reference-data';
import { adminText as t } from '../../../i18n/admin';
import { orNA } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateRegion, type RegionInput } from '../api/create-region';
import { regionsQuery } from '../../../api/reference-data';
import type { Region } from '../../../domain/reference-data';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { CreateButton } from '../components/create-button';
import { NameDescriptionFields } from '../components/name-description-fields';
import { failureMessage, notifyFailure, useFailureToast } from '../../../lib/failure';

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
  const regions = useQuery(regionsQuery());
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
        loading={regions.isLoading}
        error={regions.error}
        onRetry={() => void regions.refetch()}
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
        onCreated={() => setCreating(false)}
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
  const form = useForm<RegionInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '' },
    validate: schemaResolver(regionSchema),
  });
  const create = useCreateRegion({
    onSuccess: () => {
      notifySuccess(t.successTitle, t.regionCreated);
      form.reset();
      onCreated();
    },
    onError: (failure) => notifyFailure(t.regionCreateFailed, failure),
  });
  const busy = create.isPending;
  const error = create.error ? failureMessage(create.error) : null;

  function close() {
    form.reset();
    create.reset();
    onClose();
  }

  function submit(values: RegionInput) {
    create.mutate({ name: values.name.trim(), description: values.description.trim() });
  }

  return (
    <AppModal size={500} opened={opened} title={t.createRegion} busy={busy} onClose={close}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FailureAlert title={t.regionCreateFailed} message={error} />
          <NameDescriptionFields form={form} namePlaceholder={t.regionNamePlaceholder} />
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
