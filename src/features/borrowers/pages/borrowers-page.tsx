/**
 * Borrowers (/dashboard/borrowers, agent): the selected
 * business's borrowers with a search, a row opening the borrower, an edit icon per row
 * and Create Borrower. Nothing loads until a business is selected.
 */
import { ActionIcon, Button, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BusinessPage } from '../../../components/business-page';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { formatKenyanPhone } from '../../../domain/phone';
import { borrowersText as t } from '../../../i18n/borrowers';
import { orNA } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { areasQuery } from '../../../api/areas';
import { borrowersQuery } from '../../../api/borrowers';
import { useReloadSentBorrowers } from '../api/register-borrower';
import { BorrowerFormDialog, type BorrowerEditing } from '../components/borrower-form-dialog';
import { BorrowerStatusBadge } from '../components/borrower-status-badge';
import { type Borrower, type BorrowerArea } from '../../../domain/borrowers';
import { matchesSearch } from '../utils/search';
import { offlineText } from '../../../i18n/offline';
import { notifySuccess } from '../../../lib/notify';
import { pendingBorrowerOf, type PendingBorrower } from '../../../offline/pending';
import { usePendingItems } from '../../../offline/use-outbox';
import { personName } from '../../../lib/names';
import { DrawnWhen } from '../../../components/drawn-when';
import classes from './borrowers-page.module.css';
import { CardHead } from '../../../components/card-head';

/** A borrower still in the outbox, as a list row (it cannot be opened or edited yet). */
type PendingRow = Pick<
  Borrower,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'alternativePhoneNumber'
  | 'idNumber'
  | 'lenderBusinesses'
  | 'lenderBusinessArea'
> & { status: PendingBorrower['status'] };
type BorrowerRow = Borrower | PendingRow;

/** Rows still in the outbox have the negative ids the outbox gave them. */
const isPending = (row: BorrowerRow): row is PendingRow => row.id < 0;

/**
 * A borrower still in the outbox as a list row: what the agent typed, status "sending",
 * in the area chosen (named from the business's areas, mirrored for offline use).
 */
function pendingBorrowerRow(
  pending: PendingBorrower,
  business: SelectedBusiness,
  areas: BorrowerArea[] | undefined,
): PendingRow {
  return {
    id: pending.id,
    firstName: pending.firstName,
    lastName: pending.lastName,
    phoneNumber: pending.phoneNumber,
    alternativePhoneNumber: null,
    idNumber: pending.idNumber,
    lenderBusinesses: [{ id: business.id, businessName: business.businessName }],
    lenderBusinessArea: areas?.find((area) => area.id === pending.lenderBusinessAreaId) ?? null,
    status: pending.status,
  };
}

// The accessors also run on the empty placeholder rows the table draws while loading.
const businessNames = (borrower: BorrowerRow) =>
  orNA((borrower.lenderBusinesses ?? []).map((b) => b.businessName).join(', '));
const phoneOf = (borrower: BorrowerRow) =>
  borrower.phoneNumber ? formatKenyanPhone(borrower.phoneNumber) : '';

/**
 * A borrower's card on a phone, in plain elements with its own styles
 * (borrowers-page.module.css), not Mantine's Stack, Group and Text. Not made anew at each render of the list: with the same
 * function and row, a card already drawn is not drawn again (data-table.tsx), when the list
 * adds its next cards or a reload answers the same borrowers.
 */
function borrowerCard(borrower: BorrowerRow) {
  return (
    <div className={classes.card}>
      <CardHead
        title={personName(borrower)}
        aside={<BorrowerStatusBadge status={borrower.status} />}
        gap="sm"
      />
      <p className={classes.phone}>{phoneOf(borrower)}</p>
      <p className={classes.place}>
        {orNA(borrower.lenderBusinessArea?.name)} · {businessNames(borrower)}
      </p>
    </div>
  );
}

export function BorrowersPage() {
  return (
    <BusinessPage
      title={t.listTitle}
      descriptionNoBusiness={t.listSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
    >
      {(business) => <BorrowersOfBusiness business={business} />}
    </BusinessPage>
  );
}

function BorrowersOfBusiness({ business }: { business: SelectedBusiness }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const userId = user?.id ?? 0;
  const borrowers = useQuery(borrowersQuery(userId, business.id));
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<BorrowerEditing | null>(null);
  // Registered offline and not sent yet: listed first, as "Sending" (docs/architecture.md §7).
  const pendingItems = usePendingItems(user?.id, 'borrower', business.id);
  useReloadSentBorrowers();
  // The area names of pending rows, only while there are some (the same read as the form's).
  const areas = useQuery({ ...areasQuery(business.id), enabled: pendingItems.length > 0 });

  const shown = useMemo(() => {
    const pending = pendingItems.flatMap((item) => {
      const row = pendingBorrowerOf(item);
      return row ? [pendingBorrowerRow(row, business, areas.data)] : [];
    });
    const all: BorrowerRow[] | undefined = borrowers.data
      ? [...pending, ...borrowers.data]
      : pending.length
        ? pending
        : undefined;
    return all?.filter((borrower) => matchesSearch(borrower, query));
  }, [borrowers.data, pendingItems, business, query, areas.data]);

  const columns = useMemo<MRT_ColumnDef<BorrowerRow>[]>(
    () => [
      {
        id: 'name',
        header: t.nameColumn,
        accessorFn: (borrower) => personName(borrower),
        size: 200,
      },
      {
        id: 'phone',
        header: t.phoneColumn,
        accessorFn: phoneOf,
        size: 150,
      },
      { id: 'businesses', header: t.businessesColumn, accessorFn: businessNames, size: 180 },
      {
        id: 'area',
        header: t.areaColumn,
        accessorFn: (b) => orNA(b.lenderBusinessArea?.name),
        size: 160,
      },
      {
        accessorKey: 'status',
        header: t.statusColumn,
        size: 120,
        Cell: ({ row }) => <BorrowerStatusBadge status={row.original.status} />,
      },
      {
        id: 'actions',
        header: t.actionsColumn,
        enableSorting: false,
        size: 90,
        Cell: ({ row: { original: borrower } }) =>
          isPending(borrower) ? null : (
            <Tooltip label={t.edit}>
              <ActionIcon
                variant="subtle"
                size={44}
                aria-label={t.editBorrowerNamed(personName(borrower))}
                onClick={(event) => {
                  // The row itself opens the borrower; the icon only edits.
                  event.stopPropagation();
                  setEditing({ mode: 'edit', borrower });
                }}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ),
      },
    ],
    [],
  );

  const openBorrower = useCallback(
    (borrower: BorrowerRow) =>
      isPending(borrower)
        ? notifySuccess(offlineText.sending, t.pendingNotOpenable)
        : void navigate(paths.dashboard.borrower(borrower.id)),
    [navigate],
  );

  const searching = query.trim() !== '';
  return (
    <>
      <PageHead
        title={t.listTitle}
        description={t.listSubtitle(business.businessName)}
        action={
          <Button
            leftSection={<IconPlus size={18} />}
            size="md"
            w={{ base: '100%', sm: 'auto' }}
            onClick={() => setEditing({ mode: 'create' })}
          >
            {t.createBorrower}
          </Button>
        }
      />
      <TextInput
        type="search"
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        size="md"
        maw={{ sm: 420 }}
      />
      {/* Not drawn again when a dialog opens or closes: every card drawn again held that tap. */}
      <DrawnWhen deps={[columns, shown, borrowers.isLoading, borrowers.error, searching, query]}>
        {() => (
          <DataTable
            columns={columns}
            data={shown}
            loading={borrowers.isLoading}
            error={borrowers.error}
            onRetry={() => void borrowers.refetch()}
            emptyText={searching ? t.noMatches(query.trim()) : t.noBorrowers}
            getRowId={(borrower) => String(borrower.id)}
            onRowClick={openBorrower}
            options={{
              enableTopToolbar: false,
              enableGlobalFilter: false,
              enableColumnFilters: false,
            }}
            renderCard={borrowerCard}
          />
        )}
      </DrawnWhen>
      <BorrowerFormDialog
        editing={editing}
        defaultBusinessId={business.id}
        onClose={() => setEditing(null)}
        // The save invalidates 'borrowers', which reloads the list.
        onSaved={() => setEditing(null)}
      />
    </>
  );
}
