/**
 * Lender application review (/dashboard/approve-lender/{id}): the personal and business
 * information with their documents, then approve (after a confirmation naming the lender
 * and what follows), or reject with a reason; either way the administrator returns to the
 * pending list.
 */
import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { lendersText } from '../../../i18n/lenders';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useDecideLender } from '../api/decide-lender';
import { lenderDetailsQuery } from '../api/get-lender-details';
import type { Lender } from '../api/get-lenders';
import { LenderDetailsTabs } from '../components/lender-details';
import { failureMessage, notifyFailure, useFailureToast } from '../../../lib/failure';
import { lenderName } from '../components/lender-text';
import { ConfirmLenderDialog } from '../components/confirm-decision-dialog';
import { RejectLenderDialog } from '../components/reject-lender-dialog';

const t = lendersText.adminScreens;

export function LenderReviewPage() {
  const { id } = useParams();
  const details = useQuery({ ...lenderDetailsQuery(Number(id)), enabled: id !== undefined });
  useFailureToast(details.error, lendersText.detailsFetchFailed);
  const lender = details.data;

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={paths.dashboard.adminApproval}
        size="sm"
        mih={44}
        display="inline-flex"
        style={{ alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t.backToPending}
      </Anchor>
      {details.error ? (
        <Stack gap="lg">
          <PageHead title={t.reviewTitle} description={lendersText.detailsFetchFailed} />
          <FailureAlert
            title={lendersText.detailsFetchFailed}
            message={details.error.message}
            onRetry={() => void details.refetch()}
          />
        </Stack>
      ) : lender ? (
        <Review lender={lender} />
      ) : (
        <Stack gap="lg" aria-busy="true">
          <Skeleton h={56} w="60%" radius="md" />
          <Skeleton h={40} w={360} maw="100%" radius="md" />
          <Skeleton h={420} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function Review({ lender }: { lender: Lender }) {
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const name = lenderName(lender);
  const canApprove = lender.status === 'Pending' || lender.status === 'Rejected';
  const canReject = lender.status === 'Pending';

  /** Either way the pending list is next (the write's hook reloads the lenders). */
  function decided({ message }: { message: string }) {
    notifySuccess(t.successTitle, message);
    void navigate(paths.dashboard.adminApproval);
  }
  const approve = useDecideLender({
    onSuccess: decided,
    onError: (error) => notifyFailure(lendersText.approveFailed, error),
  });
  const reject = useDecideLender({
    onSuccess: decided,
    onError: (error) => notifyFailure(lendersText.rejectFailed, error),
  });
  // After success the page is on its way to the pending list: it stays busy until it leaves.
  const busy =
    approve.isPending || approve.isSuccess
      ? 'approve'
      : reject.isPending || reject.isSuccess
        ? 'reject'
        : null;
  const approveError = approve.error ? failureMessage(approve.error) : null;
  const rejectError = reject.error ? failureMessage(reject.error) : null;

  const actions = (canApprove || canReject) && (
    <Group gap="sm" justify="flex-end" w={{ base: '100%', sm: 'auto' }} grow={false}>
      {canReject && (
        <Button
          variant="outline"
          color="red"
          mih={44}
          leftSection={<IconX size={18} />}
          disabled={busy !== null}
          onClick={() => setRejecting(true)}
          flex={{ base: 1, sm: 'none' }}
        >
          {t.reject}
        </Button>
      )}
      {canApprove && (
        <Button
          mih={44}
          leftSection={<IconCheck size={18} />}
          disabled={busy !== null}
          onClick={() => setApproving(true)}
          flex={{ base: 1, sm: 'none' }}
        >
          {busy === 'approve' ? t.approving : t.approve}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={name}
        description={
          lender.status === 'Pending'
            ? t.reviewSubtitle(formatDate(lender.createdAt))
            : t.decided(lender.status)
        }
        action={actions || undefined}
      />
      <LenderDetailsTabs lender={lender} />
      {approving && (
        <ConfirmLenderDialog
          action="approve"
          name={name}
          busy={busy === 'approve'}
          error={approveError}
          onCancel={() => {
            setApproving(false);
            approve.reset();
          }}
          onConfirm={() => approve.mutate({ action: 'approve', lenderId: lender.id })}
        />
      )}
      <RejectLenderDialog
        opened={rejecting}
        lenderName={name}
        busy={busy === 'reject'}
        error={rejectError}
        onClose={() => {
          setRejecting(false);
          reject.reset();
        }}
        onReject={(reason: string) =>
          reject.mutate({ action: 'reject', lenderId: lender.id, reason })
        }
      />
    </Stack>
  );
}
