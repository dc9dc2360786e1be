/**
 * The loan details dialog: every figure, the plan terms stored on
 * the loan, dates, agents and the repayment schedule; a pending loan has Disburse and
 * Reject, each asking first (Disburse with the amount M-Pesa sends, the fee, the phone
 * it goes to and the business's capital after it). On success the loans reload and the dialog closes. A disbursement whose
 * message says "less than the minimum transaction amount" is a "Withdrawal declined"
 * toast and the dialog stays open; other failures say the server's sentence or "An
 * error occurred during disbursement".
 */
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCash, IconFileText, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { messagesText } from '../../../i18n/messages';
import { paths } from '../../../lib/paths';
import { useState } from 'react';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { computeLoanTerms } from '../../../domain/loan-terms';
import { formatKenyanPhone } from '../../../domain/phone';
import { centsToNumber, toCents, type Cents } from '../../../domain/money';
import { capitalBalanceQuery } from '../../../api/capital';
import { commonText } from '../../../i18n/common';
import { loansText as t } from '../../../i18n/loans';
import { formatDate, formatDateTime, formatKes, orNA } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApproveLoan } from '../api/approve-loan';
import type { Loan } from '../../../domain/loans';
import { useRejectLoan } from '../api/reject-loan';
import { useLoanAction } from '../hooks/use-loan-action';
import { failureText } from '../../../lib/failure';
import { figuresOfLoan, planTermsOfLoan } from '../utils/terms';
import { DetailList, DetailSection } from '../../../components/detail-list';
import { FailureAlert } from '../../../components/failure-alert';
import { LoanSummary, RepaymentSchedule } from './loan-figures';
import { LoanCrbNotice } from './crb-notice';
import { LoanMessages } from './loan-messages';
import { LoanModal } from './loan-modal';
import { PlanTermsList } from './loan-plan-details-modal';
import { personName } from '../../../lib/names';

/** A 2xx answer that still declines (the amount is below M-Pesa's minimum). */
class Declined extends Error {}

const declines = (message: string | undefined) =>
  Boolean(message?.includes(t.minimumTransactionPhrase));

export function LoanDetailsModal({
  loan,
  onClose,
  onChanged,
  onDisbursing,
}: {
  loan: Loan | null;
  onClose: () => void;
  /** After a disbursement or a rejection (the lists reload themselves): the dialog closes. */
  onChanged: () => void;
  /** The disbursement is with M-Pesa: the screen follows it to its outcome. */
  onDisbursing?: (loanCode: string) => void;
}) {
  return (
    <LoanModal opened={loan !== null} onClose={onClose} title={t.detailsTitle} size={800}>
      {loan && (
        <LoanDetails
          key={loan.id}
          loan={loan}
          onClose={onClose}
          onChanged={onChanged}
          onDisbursing={onDisbursing}
        />
      )}
    </LoanModal>
  );
}

function LoanDetails({
  loan,
  onClose,
  onChanged,
  onDisbursing,
}: {
  loan: Loan;
  onClose: () => void;
  onChanged: () => void;
  onDisbursing?: (loanCode: string) => void;
}) {
  const [today] = useState(() => new Date());
  const [confirming, setConfirming] = useState<'disburse' | 'reject' | null>(null);
  const action = useLoanAction<'disburse' | 'reject', { message: string }>();
  const approval = useApproveLoan();
  const rejection = useRejectLoan();
  const plan = planTermsOfLoan(loan);
  const figures = figuresOfLoan(loan);
  const terms = computeLoanTerms(figures.principal, plan);
  const disbursed = loan.disbursementDate ? new Date(loan.disbursementDate) : null;
  const pending = loan.status === 'pending';
  const busy = action.busy !== null;

  const disburse = () =>
    action.run(
      'disburse',
      async () => {
        const answer = await approval.mutateAsync({
          loanId: loan.id,
          lenderBusinessId: loan.lenderBusinessId,
        });
        if (declines(answer.message)) throw new Declined(answer.message);
        return answer;
      },
      {
        onSuccess: (answer) => {
          notifySuccess(t.successTitle, answer.message);
          onDisbursing?.(loan.loanCode);
          onChanged();
        },
        onFailure: (failure) => {
          const message =
            failure instanceof Declined
              ? failure.message
              : failureText(failure, t.disbursementFailed);
          if (declines(message)) notifyError(t.withdrawalDeclined, message);
          else notifyError(commonText.errorTitle, message);
          return message;
        },
      },
    );

  const reject = () =>
    action.run('reject', () => rejection.mutateAsync(loan.id), {
      onSuccess: (answer) => {
        notifySuccess(t.successTitle, answer.message);
        onChanged();
      },
      onFailure: (failure) => {
        const message = failureText(failure, commonText.genericError);
        notifyError(commonText.errorTitle, message);
        setConfirming(null);
        return message;
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={500}>
            {t.labels.loanCode}
          </Text>
          <Text ff="monospace" fw={700} size="xl" style={{ letterSpacing: 1 }}>
            {loan.loanCode}
          </Text>
        </Stack>
        <LoanStatusBadge status={loan.status} />
      </Group>

      {pending && loan.disbursementFailure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={t.disbursementFailedTitle}
        >
          {t.disbursementFailedNote(loan.disbursementFailure)}
          {loan.disbursementFailedAt && (
            <Text size="xs" c="dimmed" mt={4}>
              {formatDateTime(loan.disbursementFailedAt)}
            </Text>
          )}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-label={t.columns.borrower}>
        <DetailList
          items={[
            { label: t.borrowerLabels.name, value: orNA(personName(loan.borrower)) },
            {
              label: t.labels.phone,
              value: loan.borrower.phoneNumber
                ? formatKenyanPhone(loan.borrower.phoneNumber)
                : orNA(null),
            },
            { label: t.borrowerLabels.idNumber, value: orNA(loan.borrower.idNumber) },
          ]}
        />
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <DetailSection title={t.sections.amounts}>
          <LoanSummary
            figures={figures}
            terms={terms}
            plan={plan}
            start={disbursed ?? today}
            ifToday={!disbursed}
            outstanding={toCents(loan.outstandingAmount)}
          />
        </DetailSection>
        <DetailSection title={t.sections.plan}>
          <PlanTermsList plan={loan.lenderLoanPlan} />
        </DetailSection>
      </SimpleGrid>

      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <DetailSection title={t.sections.dates}>
          <DetailList
            items={[
              { label: t.labels.applicationDate, value: formatDateTime(loan.applicationDate) },
              { label: t.labels.disbursementDate, value: formatDateTime(loan.disbursementDate) },
              ...(loan.dueDate
                ? [{ label: t.labels.dueDate, value: formatDate(loan.dueDate) }]
                : []),
            ]}
          />
        </DetailSection>
        <DetailSection title={t.sections.people}>
          <DetailList
            items={[
              { label: t.labels.requesterAgent, value: orNA(personName(loan.requesterAgent)) },
              { label: t.labels.approverAgent, value: orNA(personName(loan.approverAgent)) },
            ]}
          />
        </DetailSection>
      </SimpleGrid>

      <RepaymentSchedule terms={terms} start={disbursed ?? today} />

      {(loan.status === 'default' || loan.status === 'written_off') && (
        <LoanCrbNotice loanId={loan.id} />
      )}

      {disbursed && (
        <DetailSection title={messagesText.loanMessagesTitle}>
          <LoanMessages loanId={loan.id} />
        </DetailSection>
      )}

      <FailureAlert
        message={action.error}
        title={declines(action.error ?? undefined) ? t.withdrawalDeclined : undefined}
      />

      {pending && confirming === 'disburse' ? (
        <ConfirmDisbursement
          loan={loan}
          sent={figures.disbursement}
          fee={figures.processingFee}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void disburse()}
        />
      ) : pending && confirming === 'reject' ? (
        <Paper withBorder radius="md" p="md" role="group" aria-label={t.reject}>
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {t.rejectQuestion}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                size="md"
                onClick={() => setConfirming(null)}
                disabled={busy}
              >
                {t.cancel}
              </Button>
              <Button color="red" size="md" onClick={() => void reject()} disabled={busy}>
                {action.busy === 'reject' ? t.rejecting : t.confirmReject}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} disabled={busy}>
            {t.close}
          </Button>
          {disbursed && (
            <Button
              component={Link}
              to={paths.dashboard.loanStatement(loan.id)}
              variant="light"
              size="md"
              leftSection={<IconFileText size={18} />}
            >
              {messagesText.openStatement}
            </Button>
          )}
          {pending && (
            <>
              <Button
                variant="light"
                color="red"
                size="md"
                leftSection={<IconX size={18} />}
                onClick={() => setConfirming('reject')}
                disabled={busy}
              >
                {t.reject}
              </Button>
              <Button
                size="md"
                leftSection={<IconCash size={18} />}
                onClick={() => setConfirming('disburse')}
                disabled={busy}
              >
                {t.disburse}
              </Button>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * Disburse asks first, with what will move: the amount M-Pesa sends (the principal less
 * the processing fee, DESIGN's loan arithmetic), the fee, the borrower's phone and the
 * business's capital once the amount is reserved from it.
 */
function ConfirmDisbursement({
  loan,
  sent,
  fee,
  busy,
  onCancel,
  onConfirm,
}: {
  loan: Loan;
  sent: Cents;
  fee: Cents;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const capital = useQuery(capitalBalanceQuery(loan.lenderBusinessId));
  const after = capital.data === undefined ? null : toCents(capital.data) - sent;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={t.disburse}>
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t.disburseQuestion(loan.loanCode)}
        </Text>
        <DetailList
          items={[
            { label: t.disburseFigures.amount, value: formatKes(centsToNumber(sent)) },
            { label: t.disburseFigures.fee, value: formatKes(centsToNumber(fee)) },
            {
              label: t.disburseFigures.phone,
              value: loan.borrower.phoneNumber
                ? formatKenyanPhone(loan.borrower.phoneNumber)
                : orNA(null),
            },
            {
              label: t.disburseFigures.capitalAfter,
              value:
                after === null ? (
                  <Skeleton h={16} w={120} aria-busy="true" />
                ) : (
                  formatKes(centsToNumber(after))
                ),
            },
          ]}
        />
        {after !== null && after < 0 && (
          <Text size="sm" c="red.8">
            {t.capitalShort}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button
            size="md"
            leftSection={<IconCash size={18} />}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? t.disbursing : t.confirmDisburse}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
