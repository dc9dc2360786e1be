/**
 * Business types (/dashboard/business-types): the name, description and kind of each type;
 * create, edit, and delete after confirming — a type in use is refused by the server with a
 * sentence the dialog shows.
 */
import { ActionIcon, Badge, Button, Group, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/form-resolver';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import {
  businessKinds,
  businessTypeSchema,
  type BusinessType,
} from '../../../domain/reference-data';
import { adminText as t } from '../../../i18n/admin';
import { orNA } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateBusinessType, type BusinessTypeInput } from '../api/create-business-type';
import { useDeleteBusinessType } from '../api/delete-business-type';
import { businessTypesQuery } from '../../../api/reference-data';
import { useUpdateBusinessType } from '../api/update-business-type';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { CreateButton } from '../components/create-button';
import { NameDescriptionFields } from '../components/name-description-fields';
import { failureMessage, notifyFailure, useFailureToast } from '../../../lib/failure';

/** The form's save, so the dialog around it knows it is running. */
const saveKey = ['business-types', 'save'] as const;

/** What the form dialog is doing: creating a new type, or editing one. */
type Editing = { mode: 'create' } | { mode: 'edit'; type: BusinessType };

function KindBadge({ kind }: { kind: string }) {
  const label = (t.typeKinds as Record<string, string | undefined>)[kind] ?? kind;
  return (
    <Badge variant="light" color={kind === 'individual' ? 'gray' : 'teal'} tt="none">
      {label}
    </Badge>
  );
}

function RowActions({
  type,
  onEdit,
  onDelete,
}: {
  type: BusinessType;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t.edit}>
        <ActionIcon
          variant="subtle"
          size={44}
          aria-label={t.editTypeNamed(type.name)}
          onClick={onEdit}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.delete}>
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          aria-label={t.deleteTypeNamed(type.name)}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function BusinessTypesPage() {
  const types = useQuery(businessTypesQuery());
  useFailureToast(types.error, t.typesFetchFailed);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<BusinessType | null>(null);

  const columns = useMemo<MRT_ColumnDef<BusinessType>[]>(
    () => [
      { accessorKey: 'name', header: t.columns.name, size: 200 },
      {
        id: 'description',
        header: t.columns.description,
        accessorFn: (type) => orNA(type.description),
        size: 380,
      },
      {
        accessorKey: 'businessType',
        header: t.columns.type,
        size: 140,
        Cell: ({ row }) => <KindBadge kind={row.original.businessType} />,
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 120,
        Cell: ({ row }) => (
          <RowActions
            type={row.original}
            onEdit={() => setEditing({ mode: 'edit', type: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
      },
    ],
    [],
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.typesTitle}
        description={t.typesSubtitle}
        action={
          <CreateButton label={t.createType} onClick={() => setEditing({ mode: 'create' })} />
        }
      />
      <DataTable
        columns={columns}
        data={types.data}
        loading={types.isLoading}
        error={types.error}
        onRetry={() => void types.refetch()}
        emptyText={t.noTypes}
        getRowId={(type) => String(type.id)}
        options={{ enableTopToolbar: false }}
        renderCard={(type) => (
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{type.name}</Text>
                <KindBadge kind={type.businessType} />
              </Group>
              <Text size="sm" c="dimmed">
                {orNA(type.description)}
              </Text>
            </Stack>
            <RowActions
              type={type}
              onEdit={() => setEditing({ mode: 'edit', type })}
              onDelete={() => setDeleting(type)}
            />
          </Group>
        )}
      />
      <BusinessTypeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <DeleteBusinessTypeDialog
        type={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      />
    </Stack>
  );
}

function BusinessTypeDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const busy = useIsMutating({ mutationKey: saveKey }) > 0;
  const title = editing?.mode === 'edit' ? t.editType : t.createType;
  return (
    <AppModal size={500} opened={editing !== null} title={title} busy={busy} onClose={onClose}>
      {editing && (
        <BusinessTypeForm
          key={editing.mode === 'edit' ? editing.type.id : 'new'}
          editing={editing}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </AppModal>
  );
}

function BusinessTypeForm({
  editing,
  onCancel,
  onSaved,
}: {
  editing: Editing;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const existing = editing.mode === 'edit' ? editing.type : null;
  const form = useForm<BusinessTypeInput>({
    mode: 'uncontrolled',
    initialValues: {
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      businessType: existing?.businessType ?? 'business',
    },
    validate: schemaResolver(businessTypeSchema),
  });

  const reactions = {
    mutationKey: saveKey,
    onSuccess: () => {
      notifySuccess(t.successTitle, existing ? t.typeUpdated : t.typeCreated);
      onSaved();
    },
    onError: (failure: unknown) =>
      notifyFailure(existing ? t.typeUpdateFailed : t.typeCreateFailed, failure),
  };
  const create = useCreateBusinessType(reactions);
  const update = useUpdateBusinessType(reactions);
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const error = failure ? failureMessage(failure) : null;

  function submit(values: BusinessTypeInput) {
    const input = { ...values, name: values.name.trim(), description: values.description.trim() };
    if (existing) update.mutate({ id: existing.id, input });
    else create.mutate(input);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert title={existing ? t.typeUpdateFailed : t.typeCreateFailed} message={error} />
        <NameDescriptionFields form={form} />
        <Radio.Group
          label={t.typeKindLabel}
          withAsterisk
          key={form.key('businessType')}
          {...form.getInputProps('businessType')}
        >
          <Group gap="lg" mt={6}>
            {businessKinds.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={t.typeKinds[kind]}
                mih={44}
                styles={{ body: { alignItems: 'center', minHeight: 44 } }}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} mih={44}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={busy} mih={44}>
            {busy ? (existing ? t.saving : t.creating) : existing ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteBusinessTypeDialog({
  type,
  onClose,
  onDeleted,
}: {
  type: BusinessType | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteBusinessType({
    onSuccess: () => {
      notifySuccess(t.successTitle, t.typeDeleted);
      onDeleted();
    },
    onError: (failure) => notifyFailure(t.typeDeleteFailed, failure),
  });
  const busy = remove.isPending;
  const error = remove.error ? failureMessage(remove.error) : null;

  function close() {
    remove.reset();
    onClose();
  }

  return (
    <AppModal size={500} opened={type !== null} title={t.deleteType} busy={busy} onClose={close}>
      {type && (
        <Stack gap="md">
          <Text>{t.deleteTypeConfirm(type.name)}</Text>
          <FailureAlert title={t.typeDeleteFailed} message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} mih={44}>
              {t.cancel}
            </Button>
            <Button color="red.9" onClick={() => remove.mutate(type.id)} disabled={busy} mih={44}>
              {busy ? t.deleting : t.delete}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
