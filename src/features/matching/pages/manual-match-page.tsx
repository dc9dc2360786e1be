/**
 * /dashboard/manual-match, for lenders: the
 * M-Pesa repayments to the selected business's paybill in two tabs, MPesa Repayments
 * (all) and Unmatched Repayments (not verified or without a loan), where the lender
 * matches payments with a mistyped account number to their loan.
 */
import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { usePhone } from '../../../lib/use-phone';
import { IconArrowsShuffle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { matchingText as t, moneyInText } from '../../../i18n/matching';
import { formatCount } from '../../../lib/format';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { repaymentTransactionsQuery } from '../api/get-repayment-transactions';
import { MatchRepaymentsDialog } from '../components/match-repayments-dialog';
import { MatchingGuide } from '../components/matching-guide';
import { RepaymentTransactionsTable } from '../components/repayment-transactions-table';
import { isUnmatched } from '../utils/unmatched';

const ALL = 'all';
const UNMATCHED = 'unmatched';

export function ManualMatchPage() {
  return (
    <BusinessPage
      title={t.title}
      descriptionNoBusiness={t.subtitleNoBusiness}
      chooseText={moneyInText.chooseBusinessText}
    >
      {(business) => <ManualMatch business={business} />}
    </BusinessPage>
  );
}

function ManualMatch({ business }: { business: SelectedBusiness }) {
  const transactions = useQuery(repaymentTransactionsQuery());
  const [tab, setTab] = useState<string>(ALL);
  const [matching, setMatching] = useState(false);
  // Two long tab names share a phone's width, each wrapping within its half.
  const phone = usePhone();

  // The endpoint answers every business of the lender; this page shows the selected one.
  const all = useMemo(
    () => transactions.data?.filter((row) => row.lenderBusinessId === business.id),
    [transactions.data, business.id],
  );
  const unmatched = useMemo(() => all?.filter(isUnmatched), [all]);
  const reload = () => void transactions.refetch();

  return (
    <>
      <PageHead
        title={t.title}
        description={t.subtitle(business.businessName)}
        action={<RefreshButton label={moneyInText.refresh} onClick={reload} />}
      />
      <Tabs value={tab} onChange={(value) => setTab(value ?? ALL)} keepMounted={false}>
        <Tabs.List aria-label={t.tabsLabel} grow={phone} style={{ flexWrap: 'nowrap' }}>
          <CountTab value={ALL} label={t.allTab} count={all?.length} />
          <CountTab value={UNMATCHED} label={t.unmatchedTab} count={unmatched?.length} />
        </Tabs.List>

        <Tabs.Panel value={ALL} pt="md">
          <RepaymentTransactionsTable
            repayments={all}
            withLoan
            loading={transactions.isLoading}
            error={transactions.error}
            onRetry={reload}
            emptyText={t.noRepayments}
          />
        </Tabs.Panel>

        <Tabs.Panel value={UNMATCHED} pt="md">
          <Stack gap="md">
            <Group justify="flex-end">
              <Button
                size="md"
                leftSection={<IconArrowsShuffle size={18} />}
                disabled={!unmatched?.length}
                onClick={() => setMatching(true)}
                w={{ base: '100%', sm: 'auto' }}
              >
                {t.matchButton}
              </Button>
            </Group>
            <MatchingGuide />
            <RepaymentTransactionsTable
              repayments={unmatched}
              withLoan={false}
              loading={transactions.isLoading}
              error={transactions.error}
              onRetry={reload}
              emptyText={t.noUnmatched}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <MatchRepaymentsDialog
        opened={matching}
        businessId={business.id}
        repayments={unmatched ?? []}
        onClose={() => setMatching(false)}
        onMatched={() => setMatching(false)}
      />
    </>
  );
}

function CountTab({ value, label, count }: { value: string; label: string; count?: number }) {
  return (
    <Tabs.Tab value={value} style={{ minHeight: 44, minWidth: 0 }}>
      <Group gap={8} wrap="nowrap" justify="center">
        <span style={{ whiteSpace: 'normal', textAlign: 'center' }}>{label}</span>
        {count !== undefined && (
          <Badge size="sm" variant="light" color="gray" tt="none">
            {formatCount(count)}
          </Badge>
        )}
      </Group>
    </Tabs.Tab>
  );
}
