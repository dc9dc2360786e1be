import { Group, Stack, Text } from '@mantine/core';
import { dashboardsText as t } from '../../../i18n/dashboards';
import { capitalizeWords, formatDate, formatKes, orNA } from '../../../lib/format';
import type { CapitalTransaction } from '../api/get-capital-transactions';
import { DashboardTable, type Column } from './dashboard-table';
import { CardHead } from '../../../components/card-head';

function Amount({ value }: { value: CapitalTransaction['amount'] }) {
  const debit = Number(value) < 0;
  return (
    <Text span inherit fw={600} c={debit ? 'red' : 'teal'}>
      {formatKes(value)}
    </Text>
  );
}

const columns: Column<CapitalTransaction>[] = [
  { header: t.columns.source, cell: (tx) => orNA(capitalizeWords(tx.source)) },
  { header: t.columns.lenderBusiness, cell: (tx) => orNA(tx.lenderBusiness?.businessName) },
  { header: t.columns.amount, cell: (tx) => <Amount value={tx.amount} /> },
  { header: t.columns.balance, cell: (tx) => formatKes(tx.balance) },
  { header: t.columns.date, cell: (tx) => formatDate(tx.createdAt) },
];

function TransactionCard({ tx }: { tx: CapitalTransaction }) {
  return (
    <Stack gap={4}>
      <CardHead title={orNA(capitalizeWords(tx.source))} aside={<Amount value={tx.amount} />} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {formatDate(tx.createdAt)}
        </Text>
        <Text size="sm" c="dimmed">
          {t.columns.balance}: {formatKes(tx.balance)}
        </Text>
      </Group>
    </Stack>
  );
}

/** "My Wallet": the business's capital transactions. */
export function WalletTable({
  transactions,
  loading,
}: {
  transactions: CapitalTransaction[];
  loading: boolean;
}) {
  return (
    <DashboardTable
      title={t.myWallet}
      rows={transactions}
      rowKey={(tx) => tx.id}
      columns={columns}
      renderCard={(tx) => <TransactionCard tx={tx} />}
      loading={loading}
      emptyText={t.noTransactions}
    />
  );
}
