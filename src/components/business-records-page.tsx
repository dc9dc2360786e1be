/**
 * A screen of the selected business's records with a Create dialog (areas, repayment
 * cycles): the head with its Create button, the records as
 * a table (cards on a phone), and the form in a dialog; until a business is chosen, the
 * card that leads to the business selector (BusinessPage); and that dialog's form.
 */
import { Button, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef, MRT_RowData } from 'mantine-react-table';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { ApiError } from '../api/client';
import type { WriteHook } from '../api/mutations';
import { setupText } from '../i18n/setup';
import { failureText } from '../lib/failure';
import { schemaResolver } from '../lib/form-resolver';
import { useCreateSubmit } from '../lib/use-create-submit';
import type { SelectedBusiness } from '../lib/use-selected-business';
import { AppModal } from './app-modal';
import { BusinessPage } from './business-page';
import { CreateForm } from './create-form';
import { DataTable } from './data-table';
import { LenderBusinessSelect } from './lender-business-select';
import { PageHead } from './page-head';

export type BusinessRecordsTexts = {
  title: string;
  /** The description until a business is chosen. */
  intro: string;
  subtitle: (businessName: string) => string;
  create: string;
  dialogTitle: string;
  empty: string;
};

/** What the page hands its Create dialog's form. */
export type RecordFormProps = {
  /** The selected business, chosen by default. */
  businessId: number;
  onCancel: () => void;
  onCreated: () => void;
};

type Props<T extends MRT_RowData & { id: number }, K extends QueryKey> = {
  texts: BusinessRecordsTexts;
  /** The business's records (the queryOptions next to their fetcher). */
  query: (businessId: number) => UseQueryOptions<T[], ApiError, T[], K>;
  columns: MRT_ColumnDef<T>[];
  renderCard: (record: T) => ReactNode;
  renderForm: (form: RecordFormProps) => ReactNode;
};

export function BusinessRecordsPage<T extends MRT_RowData & { id: number }, K extends QueryKey>(
  props: Props<T, K>,
) {
  return (
    <BusinessPage
      title={props.texts.title}
      descriptionNoBusiness={props.texts.intro}
      // Areas and repayment cycles are a business's setup, as its loan plans are.
      chooseText={setupText.chooseBusinessText}
    >
      {(business) => <Records {...props} business={business} />}
    </BusinessPage>
  );
}

function Records<T extends MRT_RowData & { id: number }, K extends QueryKey>({
  texts,
  query,
  columns,
  renderCard,
  renderForm,
  business,
}: Props<T, K> & { business: SelectedBusiness }) {
  const [opened, { open, close }] = useDisclosure(false);
  const records = useQuery(query(business.id));
  return (
    <>
      <PageHead
        title={texts.title}
        description={texts.subtitle(business.businessName)}
        action={
          <Button
            size="md"
            leftSection={<IconPlus size={18} />}
            onClick={open}
            w={{ base: '100%', sm: 'auto' }}
          >
            {texts.create}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={records.data}
        loading={records.isLoading}
        error={records.error}
        onRetry={() => void records.refetch()}
        emptyText={texts.empty}
        getRowId={(record) => String(record.id)}
        renderCard={renderCard}
      />
      <AppModal opened={opened} onClose={close} title={texts.dialogTitle} size={500}>
        {renderForm({
          businessId: business.id,
          onCancel: close,
          // The form's create invalidates the records' resource, which reloads the table.
          onCreated: close,
        })}
      </AppModal>
    </>
  );
}

/**
 * The Create dialog's form of a business's record (an area, a repayment cycle): its name,
 * its own fields (`children`), and the
 * business, checked with the record's schema; `send` posts what the schema makes of them.
 */
export function BusinessRecordForm<
  V extends { name: string; lenderBusinessId: string },
  S extends v.GenericSchema,
>({
  onCreated,
  onCancel,
  initialValues,
  schema,
  useCreate,
  texts,
  children,
}: Omit<RecordFormProps, 'businessId'> & {
  /** The empty form, in the selected business. */
  initialValues: V;
  schema: S;
  /** The create's hook: it posts what the schema makes of the values and reloads the lists. */
  useCreate: WriteHook<{ data?: unknown }, v.InferOutput<S>>;
  texts: { nameLabel: string; namePlaceholder: string; created: string; failed: string };
  children: (form: UseFormReturnType<V>) => ReactNode;
}) {
  const form = useForm<V>({ initialValues, validate: schemaResolver(schema) });
  const submit = useCreateSubmit(useCreate, {
    successText: texts.created,
    failure: (error) => {
      const text = failureText(error, texts.failed);
      return { toast: text, inline: text };
    },
    onCreated,
  });
  const business = form.getInputProps('lenderBusinessId');

  return (
    <CreateForm
      onSubmit={form.onSubmit((values) => submit.run(v.parse(schema, values)))}
      onCancel={onCancel}
      busy={submit.busy}
      error={submit.error}
    >
      <TextInput
        label={texts.nameLabel}
        placeholder={texts.namePlaceholder}
        withAsterisk
        size="md"
        data-autofocus
        {...form.getInputProps('name')}
      />
      {children(form)}
      <LenderBusinessSelect
        value={form.values.lenderBusinessId}
        onChange={business.onChange}
        error={form.errors.lenderBusinessId as string | undefined}
      />
    </CreateForm>
  );
}
