/**
 * Business types (/dashboard/business-types, the spec's "Business types", "Validation rules", "The calls it makes", "Error catalogue"):
 * name, description and kind of each type; create, edit, and delete after confirming —
 * a type in use is refused by the server with a sentence the dialog shows.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
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
import { useApiQuery } from '../../../lib/use-api-query';
import { createBusinessType, type BusinessTypeInput } from '../api/create-business-type';
import { deleteBusinessType } from '../api/delete-business-type';
import { getBusinessTypes } from '../../../api/reference-data';
import { updateBusinessType } from '../api/update-business-type';
import { AppModal } from '../../../components/app-modal';
import { CreateButton } from '../components/create-button';
import { notifyFailure, useFailureToast } from '../../../lib/failure';

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
  const types = useApiQuery('admin:business-types', getBusinessTypes);
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
        loading={types.loading}
        error={types.error}
        onRetry={types.reload}
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
        onSaved={() => {
          setEditing(null);
          types.reload();
        }}
      />
      <DeleteBusinessTypeDialog
        type={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          types.reload();
        }}
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
  const [busy, setBusy] = useState(false);
  const title = editing?.mode === 'edit' ? t.editType : t.createType;
  return (
    <AppModal size={500} opened={editing !== null} title={title} busy={busy} onClose={onClose}>
      {editing && (
        <BusinessTypeForm
          key={editing.mode === 'edit' ? editing.type.id : 'new'}
          editing={editing}
          busy={busy}
          setBusy={setBusy}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </AppModal>
  );
}

function BusinessTypeForm({
  editing,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: {
  editing: Editing;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
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

  async function submit(values: BusinessTypeInput) {
    const input = { ...values, name: values.name.trim(), description: values.description.trim() };
    setBusy(true);
    setError(null);
    try {
      if (existing) await updateBusinessType(existing.id, input);
      else await createBusinessType(input);
      notifySuccess(t.successTitle, existing ? t.typeUpdated : t.typeCreated);
      onSaved();
    } catch (failure) {
      setError(notifyFailure(existing ? t.typeUpdateFailed : t.typeCreateFailed, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={existing ? t.typeUpdateFailed : t.typeCreateFailed}
          >
            {error}
          </Alert>
        )}
        <TextInput
          label={t.nameLabel}
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm(target: BusinessType) {
    setBusy(true);
    setError(null);
    try {
      await deleteBusinessType(target.id);
      notifySuccess(t.successTitle, t.typeDeleted);
      onDeleted();
    } catch (failure) {
      setError(notifyFailure(t.typeDeleteFailed, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppModal size={500} opened={type !== null} title={t.deleteType} busy={busy} onClose={close}>
      {type && (
        <Stack gap="md">
          <Text>{t.deleteTypeConfirm(type.name)}</Text>
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle />}
              title={t.typeDeleteFailed}
            >
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} mih={44}>
              {t.cancel}
            </Button>
            <Button color="red.9" onClick={() => void confirm(type)} disabled={busy} mih={44}>
              {busy ? t.deleting : t.delete}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
