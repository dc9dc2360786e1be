/**
 * A screen of the selected business's records with a Create dialog (the spec's "Lender
 * business area", "Repayment cycles"): the head with its Create button, the records as
 * a table (cards on a phone), and the form in a dialog; until a business is chosen, the
 * card that leads to the business selector (BusinessPage).
 */
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef, MRT_RowData } from 'mantine-react-table';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/client';
import type { SelectedBusiness } from '../lib/use-selected-business';
import { AppModal } from './app-modal';
import { BusinessPage } from './business-page';
import { DataTable } from './data-table';
import { PageHead } from './page-head';

export type BusinessRecordsTexts = {
  title: string;
  /** The description until a business is chosen. */
  intro: string;
  subtitle: (businessName: string) => string;
  chooseText: string;
  create: string;
  dialogTitle: string;
  empty: string;
};

type Props<T extends MRT_RowData & { id: number }, K extends QueryKey> = {
  texts: BusinessRecordsTexts;
  /** The business's records (the queryOptions next to their fetcher). */
  query: (businessId: number) => UseQueryOptions<T[], ApiError, T[], K>;
  columns: MRT_ColumnDef<T>[];
  renderCard: (record: T) => ReactNode;
  renderForm: (form: {
    businessId: number;
    onCancel: () => void;
    onCreated: () => void;
  }) => ReactNode;
};

export function BusinessRecordsPage<T extends MRT_RowData & { id: number }, K extends QueryKey>(
  props: Props<T, K>,
) {
  return (
    <BusinessPage
      title={props.texts.title}
      descriptionNoBusiness={props.texts.intro}
      chooseText={props.texts.chooseText}
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
