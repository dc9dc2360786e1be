/**
 * /dashboard/refunds/{id}, for lenders: the
 * borrower, business, loan and plan of an overpaid loan, the Refund Required card with
 * Process Refund (offered from Ksh 10 up, else a disabled Not refundable), and the
 * wallet history. A loan that is not there or not the lender's reads "Loan Not Found".
 */
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailList } from '../../../components/detail-list';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { RecordPage, RecordView, SectionCard } from '../../../components/detail-page';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { formatKenyanPhone } from '../../../domain/phone';
import { refundsText as t } from '../../../i18n/refunds';
import { formatDate, formatKsh, formatPercent, orNA } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { refundLoanQuery } from '../api/get-refund-loan';
import { walletRecordsQuery, type WalletRecord } from '../api/get-wallet-records';
import { RefundDialog } from '../components/refund-dialog';
import { RefundStatusBadge } from '../components/refund-status-badge';
import { WalletHistory } from '../components/wallet-history';
import type { RefundLoan } from '../../../domain/repayments';
import { isRefundable, MIN_REFUNDABLE_TOTAL } from '../utils/refund-filter';
import { personName } from '../../../lib/names';

/** The page's way back and not-found texts. */
function pageTexts() {
  return {
    back: { to: paths.dashboard.refunds, label: t.back },
    notFound: { title: t.notFoundTitle, text: t.notFoundText },
  };
}

export function RefundDetailPage() {
  return <RecordPage {...pageTexts()}>{(id) => <RefundDetail loanId={id} />}</RecordPage>;
}

/** How often a page with a refund still sending asks for its outcome. */
const REFUND_POLL_MS = 3_000;

function RefundDetail({ loanId }: { loanId: number }) {
  // A refund M-Pesa has not confirmed yet: the page follows it to its outcome by itself.
  const loan = useQuery({
    ...refundLoanQuery(loanId),
    refetchInterval: (query) =>
      query.state.data?.latestWallet.refund.status === 'pending' ? REFUND_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const sending = loan.data?.latestWallet.refund.status === 'pending';
  const wallet = useQuery({
    ...walletRecordsQuery(loanId),
    refetchInterval: sending ? REFUND_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const reload = () => {
    void loan.refetch();
    void wallet.refetch();
  };

  const missing = loan.error?.status === 404 || (!loan.isLoading && !loan.error && !loan.data);
  return (
    <RecordView
      {...pageTexts()}
      read={{ record: loan.data, missing, error: loan.error, retry: reload }}
      failed={{ title: t.loadFailed, retryLabel: t.refresh }}
      skeleton={
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} h={160} radius="md" />
          ))}
        </SimpleGrid>
      }
    >
      {(found) => <RefundLoanView loan={found} wallet={wallet} />}
    </RecordView>
  );
}

function RefundLoanView({
  loan,
  wallet,
}: {
  loan: RefundLoan;
  wallet: UseQueryResult<WalletRecord[]>;
}) {
  const [confirming, setConfirming] = useState(false);
  const plan = loan.lenderLoanPlan;
  const refundable = isRefundable(loan);
  const total = loan.latestWallet.total;
  const lastRefund = loan.latestWallet.refund;

  return (
    <>
      <PageHead
        title={orNA(personName(loan.borrower))}
        description={
          <Group gap="xs" component="span">
            <Text span ff="monospace" fw={700}>
              {loan.loanCode}
            </Text>
            <RefundStatusBadge refunded={lastRefund.refunded} />
          </Group>
        }
      />

      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.refundRequired}>
        <Group justify="space-between" align="center" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon
              size={48}
              radius="md"
              variant="light"
              color={refundable ? 'orange' : 'gray'}
              aria-hidden
            >
              <IconCashBanknote size={28} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text
                fw={600}
                size="sm"
                c="dimmed"
                tt="uppercase"
                style={{ letterSpacing: '0.03em' }}
              >
                {t.refundRequired}
              </Text>
              <Text fw={700} fz={28} lh={1.2}>
                {formatKsh(total)}
              </Text>
              <Text size="sm" c="dimmed">
                {total <= 0
                  ? t.nothingToRefund
                  : total < MIN_REFUNDABLE_TOTAL
                    ? t.belowMinimumText(formatKsh(total))
                    : t.refundRequiredText(formatKsh(total))}
              </Text>
              {lastRefund.status && (
                <Text size="sm" c="dimmed">
                  {t.lastRefund(
                    formatKsh(lastRefund.amount),
                    t.refundStatuses[lastRefund.status] ?? lastRefund.status,
                  )}
                </Text>
              )}
            </Stack>
          </Group>
          {refundable ? (
            <Button size="md" onClick={() => setConfirming(true)}>
              {t.processRefund}
            </Button>
          ) : (
            <Button size="md" disabled>
              {t.notRefundable}
            </Button>
          )}
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title={t.borrowerInfo}>
          <DetailList
            items={[
              { label: t.labels.name, value: orNA(personName(loan.borrower)) },
              { label: t.labels.phone, value: formatKenyanPhone(loan.borrower.phoneNumber) },
              { label: t.labels.idNumber, value: orNA(loan.borrower.idNumber) },
            ]}
          />
        </SectionCard>
        <SectionCard title={t.businessInfo}>
          <DetailList
            items={[
              { label: t.labels.businessName, value: plan.lenderBusiness.businessName },
              { label: t.labels.businessCode, value: orNA(plan.lenderBusiness.lenderBusinessCode) },
            ]}
          />
        </SectionCard>
        <SectionCard title={t.loanInfo}>
          <DetailList
            items={[
              { label: t.labels.loanCode, value: loan.loanCode },
              {
                label: t.labels.status,
                value: <LoanStatusBadge status={loan.status} />,
              },
              { label: t.labels.principal, value: formatKsh(loan.principalAmount) },
              { label: t.labels.initialAmount, value: formatKsh(loan.initialAmount) },
              { label: t.labels.outstanding, value: formatKsh(loan.outstandingAmount) },
              { label: t.labels.disbursementDate, value: formatDate(loan.disbursementDate) },
              { label: t.labels.dueDate, value: formatDate(loan.dueDate) },
            ]}
          />
        </SectionCard>
        <SectionCard title={t.planDetails}>
          <DetailList
            items={[
              { label: t.labels.planName, value: plan.name },
              { label: t.labels.duration, value: t.days(plan.durationInDays) },
              { label: t.labels.interestRate, value: formatPercent(plan.interestRate) },
              { label: t.labels.processingFee, value: formatPercent(plan.processingFee) },
            ]}
          />
        </SectionCard>
      </SimpleGrid>

      <SectionCard title={t.walletHistory}>
        <FailureAlert message={wallet.error?.message ?? null} title={t.loadFailed} />
        {wallet.data ? (
          <WalletHistory records={wallet.data} />
        ) : (
          !wallet.error && <Skeleton h={120} />
        )}
      </SectionCard>

      {refundable && (
        <RefundDialog
          key={total}
          loan={loan}
          opened={confirming}
          onClose={() => setConfirming(false)}
          onRefunded={() => setConfirming(false)}
        />
      )}
    </>
  );
}
