/**
 * Lender application review (/dashboard/approve-lender/{id}, the spec's "Admin screens for lenders", "The error catalogue"):
 * the personal and business information with their documents, then approve, or reject
 * with a reason; either way the administrator returns to the pending list.
 */
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import { commonText } from '../../../i18n/common';
import { lendersText } from '../../../i18n/lenders';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useApiQuery } from '../../../lib/use-api-query';
import { decideLender } from '../api/decide-lender';
import { getLenderDetails } from '../api/get-lender-details';
import type { Lender } from '../api/get-lenders';
import { LenderDetailsTabs } from '../components/lender-details';
import { notifyFailure, useFailureToast } from '../../../lib/failure';
import { lenderName } from '../components/lender-text';
import { RejectLenderDialog } from '../components/reject-lender-dialog';

const t = lendersText.adminScreens;

export function LenderReviewPage() {
  const { id } = useParams();
  const details = useApiQuery(id ? `lender:${id}` : null, () => getLenderDetails(id ?? ''));
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
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={lendersText.detailsFetchFailed}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{details.error.message}</Text>
              <Button variant="default" onClick={details.reload}>
                {commonText.retry}
              </Button>
            </Stack>
          </Alert>
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
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const name = lenderName(lender);
  const canApprove = lender.status === 'Pending' || lender.status === 'Rejected';
  const canReject = lender.status === 'Pending';

  async function approve() {
    setBusy('approve');
    setApproveError(null);
    try {
      const { message } = await decideLender('approve', lender.id);
      notifySuccess(t.successTitle, message);
      void navigate(paths.dashboard.adminApproval);
    } catch (error) {
      setApproveError(notifyFailure(lendersText.approveFailed, error));
      setBusy(null);
    }
  }

  async function reject(reason: string) {
    setBusy('reject');
    setRejectError(null);
    try {
      const { message } = await decideLender('reject', lender.id, { reason });
      notifySuccess(t.successTitle, message);
      void navigate(paths.dashboard.adminApproval);
    } catch (error) {
      setRejectError(notifyFailure(lendersText.rejectFailed, error));
      setBusy(null);
    }
  }

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
          onClick={() => void approve()}
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
      {approveError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={lendersText.approveFailed}
          withCloseButton
          onClose={() => setApproveError(null)}
        >
          {approveError}
        </Alert>
      )}
      <LenderDetailsTabs lender={lender} />
      <RejectLenderDialog
        opened={rejecting}
        lenderName={name}
        busy={busy === 'reject'}
        error={rejectError}
        onClose={() => {
          setRejecting(false);
          setRejectError(null);
        }}
        onReject={(reason) => void reject(reason)}
      />
    </Stack>
  );
}
