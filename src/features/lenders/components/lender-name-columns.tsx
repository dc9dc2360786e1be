/**
 * The name columns of the administrators' lender tables (approval, Lenders Dashboard):
 * a lender who has not completed the profile yet has no name, and is known by the email
 * in the First Name cell.
 */
import { Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { lendersText } from '../../../i18n/lenders';
import type { Lender } from '../api/get-lenders';

const t = lendersText.adminScreens;

function FirstNameOrEmail({ lender }: { lender: Lender }) {
  if (lender.firstName) return lender.firstName;
  if (lender.lastName) return null;
  return (
    <Text size="sm" c="dimmed" component="span">
      {lender.email}
    </Text>
  );
}

export const lenderNameColumns: MRT_ColumnDef<Lender>[] = [
  {
    id: 'firstName',
    header: t.columns.firstName,
    accessorFn: (lender) => lender.firstName ?? '',
    Cell: ({ row }) => <FirstNameOrEmail lender={row.original} />,
  },
  {
    id: 'lastName',
    header: t.columns.lastName,
    accessorFn: (lender) => lender.lastName ?? '',
  },
];
