/**
 * /dashboard/follow-up/{id}, for agents:
 * the borrower, the loan, its repayment due date and the follow-up history, newest
 * first, with Create Follow-Up; a new follow-up goes to the top of the history. The loan
 * is read from the agent's follow-up list (the API has no single-loan call for agents); one that
 * is not there reads "Loan Not Found".
 */
import {
  Anchor,
  Button,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarDue, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DetailList } from '../../../components/detail-list';
import { PageHead } from '../../../components/page-head';
import {
  LoadFailedAlert,
  RecordPage,
  RecordView,
  SectionCard,
} from '../../../components/detail-page';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { daysOverdue, daysUntilDue } from '../../../domain/field-work';
import { formatKenyanPhone } from '../../../domain/phone';
import { followUpsText as t } from '../../../i18n/field-work';
import { formatDate, formatDateTime, formatKes, orNA } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { offlineText } from '../../../i18n/offline';
import { pendingFollowUpOf } from '../../../offline/pending';
import { usePendingItems } from '../../../offline/use-outbox';
import { activeLoansQuery, type ActiveLoan } from '../api/get-active-loans';
import { followUpsQuery } from '../api/get-follow-ups';
import { useReloadSentFollowUps } from '../api/create-follow-up';
import { CreateFollowUpDialog } from '../components/create-follow-up-dialog';
import { DaysOverdueBadge } from '../components/days-overdue-badge';
import { FollowUpHistory } from '../components/follow-up-history';
import { personName } from '../../../lib/names';

/** The page's way back and not-found texts, read in the language of the moment. */
function pageTexts() {
  return {
    back: { to: paths.dashboard.followUps, label: t.back },
    notFound: { title: t.notFoundTitle, text: t.notFoundText },
  };
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <LoadFailedAlert
      title={t.loanDetailsFailed}
      message={message}
      retryLabel={t.refresh}
      onRetry={onRetry}
    />
  );
}

export function FollowUpPage() {
  return <RecordPage {...pageTexts()}>{(id) => <LoanFollowUp loanId={id} />}</RecordPage>;
}

function LoanFollowUp({ loanId }: { loanId: number }) {
  const loans = useQuery(activeLoansQuery());
  const loan = loans.data?.find((candidate) => candidate.id === loanId);
  return (
    <RecordView
      {...pageTexts()}
      read={{
        record: loan,
        missing: !loans.error && !!loans.data && !loan,
        error: loans.error,
        retry: () => void loans.refetch(),
      }}
      failed={{ title: t.loanDetailsFailed, retryLabel: t.refresh }}
      skeleton={
        <>
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Skeleton h={220} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Skeleton h={220} radius="md" />
            </Grid.Col>
          </Grid>
          <Skeleton h={160} radius="md" />
        </>
      }
    >
      {(found) => <LoanView loan={found} />}
    </RecordView>
  );
}

function DueDateCard({ loan }: { loan: ActiveLoan }) {
  const [now] = useState(() => new Date());
  const days = daysOverdue(loan.dueDate, now);
  const untilDue = daysUntilDue(loan.dueDate, now);
  return (
    <SectionCard title={t.dueDateTitle}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon
          size={48}
          radius="md"
          variant="light"
          color={days > 0 ? 'red' : 'teal'}
          aria-hidden
        >
          <IconCalendarDue size={28} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={700} fz={24} lh={1.2}>
            {formatDate(loan.dueDate)}
          </Text>
          <Text size="sm" c="dimmed">
            {days > 0
              ? t.overdueFor(t.days(days))
              : untilDue > 0
                ? t.dueIn(t.days(untilDue))
                : t.dueToday}
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  );
}

function LoanView({ loan }: { loan: ActiveLoan }) {
  const history = useQuery(followUpsQuery(loan.id));
  const [creating, setCreating] = useState(false);
  // Follow-ups recorded offline: at the top, "Sending", until the server has them.
  const { user } = useSession();
  const pendingItems = usePendingItems(user?.id, 'followUp');
  useReloadSentFollowUps();
  const followUps = useMemo(() => {
    const loaded = history.data ?? [];
    const pending = pendingItems.flatMap((item) => {
      const followUp = pendingFollowUpOf(item);
      return followUp && followUp.loanId === loan.id
        ? [{ ...followUp, agent: { firstName: offlineText.you, lastName: '' } }]
        : [];
    });
    return [...pending.reverse(), ...loaded];
  }, [history.data, pendingItems, loan.id]);
  const name = orNA(personName(loan.borrower));
  const phone = loan.borrower.phoneNumber;

  return (
    <>
      <PageHead
        title={name}
        description={
          <Group gap="xs" component="span">
            <Text span ff="monospace" fw={700}>
              {loan.loanCode}
            </Text>
            <LoanStatusBadge status={loan.status} />
            <DaysOverdueBadge dueDate={loan.dueDate} />
          </Group>
        }
        action={
          <Button
            size="md"
            leftSection={<IconPlus size={18} />}
            w={{ base: '100%', sm: 'auto' }}
            onClick={() => setCreating(true)}
          >
            {t.create}
          </Button>
        }
      />

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <SectionCard title={t.borrowerInfo}>
              <DetailList
                items={[
                  { label: t.labels.name, value: name },
                  {
                    label: t.labels.phone,
                    value: (
                      <Anchor href={`tel:+${phone}`}>
                        {formatKenyanPhone(phone)}
                        <VisuallyHidden>{` — ${t.callBorrower(name)}`}</VisuallyHidden>
                      </Anchor>
                    ),
                  },
                  { label: t.labels.idNumber, value: orNA(loan.borrower.idNumber) },
                ]}
              />
            </SectionCard>
            <DueDateCard loan={loan} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard title={t.loanDetails}>
            <DetailList
              items={[
                { label: t.labels.loanCode, value: loan.loanCode },
                {
                  label: t.labels.status,
                  value: <LoanStatusBadge status={loan.status} />,
                },
                { label: t.labels.business, value: loan.lenderBusiness.businessName },
                {
                  label: t.labels.plan,
                  value: t.planOf(
                    loan.lenderLoanPlan.name,
                    t.days(loan.lenderLoanPlan.durationInDays),
                  ),
                },
                { label: t.labels.principal, value: formatKes(loan.principalAmount) },
                { label: t.labels.outstanding, value: formatKes(loan.outstandingAmount) },
                { label: t.labels.disbursementDate, value: formatDateTime(loan.disbursementDate) },
              ]}
            />
          </SectionCard>
        </Grid.Col>
      </Grid>

      <SectionCard
        title={t.history}
        aside={
          followUps.length > 0 && (
            <Text size="sm" c="dimmed">
              {t.historyCount(followUps.length)}
            </Text>
          )
        }
      >
        {history.error ? (
          <LoadFailed message={history.error.message} onRetry={() => void history.refetch()} />
        ) : history.data ? (
          <FollowUpHistory followUps={followUps} />
        ) : (
          <Stack gap="sm" aria-busy>
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        )}
      </SectionCard>

      <CreateFollowUpDialog
        loanId={loan.id}
        opened={creating}
        onClose={() => setCreating(false)}
        lenderBusinessId={loan.lenderBusinessId}
        label={t.outboxLabel(loan.loanCode)}
        // The create puts the follow-up on top of the history and invalidates it.
        onCreated={() => setCreating(false)}
      />
    </>
  );
}
