/**
 * A loan's wallet, newest first: what came in, what was applied, what was refunded.
 * Three columns (the date under the entry) so it fits a phone without scrolling.
 */
import { Table, Text } from '@mantine/core';
import { refundsText as t } from '../../../i18n/refunds';
import { formatDateTime, formatKsh } from '../../../lib/format';
import type { WalletRecord } from '../api/get-wallet-records';

export function WalletHistory({ records }: { records: WalletRecord[] }) {
  if (records.length === 0) return <Text c="dimmed">{t.walletEmpty}</Text>;
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.walletColumns.entry}</Table.Th>
          <Table.Th ta="right">{t.walletColumns.amount}</Table.Th>
          <Table.Th ta="right">{t.walletColumns.total}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {t.walletSources[record.source] ?? record.source}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(record.createdAt)}
              </Text>
            </Table.Td>
            <Table.Td
              ta="right"
              c={record.amount < 0 ? 'red' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatKsh(record.amount)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatKsh(record.total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
