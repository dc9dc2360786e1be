/**
 * /dashboard/loan-agreement, for
 * agents: the upload form for a borrower of the selected business and, below it, what
 * has been uploaded for the chosen borrower. Borrowers registered offline can be chosen,
 * and uploads saved on this phone show as Sending until the server has them (docs/architecture.md §7).
 */
import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { personName } from '../../../lib/names';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { loanFilesText as t } from '../../../i18n/field-work';
import { useSession } from '../../../lib/session';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import type { BorrowerChoice } from '../api/get-borrowers';
import { loanFilesQuery, type LoanAgreement } from '../api/get-loan-files';
import { useReloadSentLoanFiles } from '../api/upload-loan-files';
import { LoanFilesForm } from '../components/loan-files-form';
import { LoanFilesList } from '../components/loan-files-list';
import { PendingLoanFiles } from '../components/pending-loan-files';
import { pendingLoanFileOf, type PendingLoanFile } from '../../../offline/pending';
import { useBorrowerChoices } from '../../../offline/use-borrower-choices';
import { usePendingItems } from '../../../offline/use-outbox';

export function LoanFilesPage() {
  return (
    <BusinessPage
      title={t.title}
      descriptionNoBusiness={t.subtitleNoBusiness}
      chooseText={t.chooseBusinessText}
    >
      {(business) => <BusinessLoanFiles business={business} />}
    </BusinessPage>
  );
}

function BusinessLoanFiles({ business }: { business: SelectedBusiness }) {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  // Borrowers registered offline are offered too; their files follow them out.
  const borrowers = useBorrowerChoices(userId, business.id);
  const [borrowerId, setBorrowerId] = useState('');
  const borrower = borrowers.data?.find((b) => String(b.id) === borrowerId);
  // A borrower still in the outbox has no files on the server yet.
  const files = useQuery({
    ...loanFilesQuery(borrower?.id ?? 0),
    enabled: borrower !== undefined && borrower.id > 0,
  });
  const pendingUploads = usePendingItems(userId, 'loanFile', business.id).flatMap((item) => {
    const upload = pendingLoanFileOf(item);
    return upload && borrower && upload.borrowerId === borrower.id ? [upload] : [];
  });
  useReloadSentLoanFiles();

  return (
    <>
      <PageHead title={t.title} description={t.subtitle(business.businessName)} />
      <LoanFilesForm
        businessId={business.id}
        borrowers={borrowers}
        borrowerId={borrowerId}
        onBorrowerChange={setBorrowerId}
      />
      <UploadedFiles borrower={borrower} files={files} pending={pendingUploads} />
    </>
  );
}

function UploadedFiles({
  borrower,
  files,
  pending,
}: {
  borrower: BorrowerChoice | undefined;
  files: UseQueryResult<LoanAgreement[]>;
  pending: PendingLoanFile[];
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.uploadedTitle}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t.uploadedTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {borrower ? t.uploadedOf(personName(borrower)) : t.chooseBorrower}
          </Text>
        </Stack>
        {borrower && <PendingLoanFiles uploads={pending} />}
        {borrower && borrower.id > 0 && (
          <BorrowerFiles files={files} pendingShown={pending.length > 0} />
        )}
      </Stack>
    </Card>
  );
}

function BorrowerFiles({
  files,
  pendingShown,
}: {
  files: UseQueryResult<LoanAgreement[]>;
  pendingShown: boolean;
}) {
  // No connection and nothing seen before: not a failure, the list comes once online.
  if (files.error instanceof ApiError && files.error.status === 0) {
    return (
      <Text size="sm" c="dimmed">
        {pendingShown ? t.filesOfflineBelowPending : t.filesOffline}
      </Text>
    );
  }
  if (files.error) {
    return (
      <Alert color="red" variant="light" title={t.filesFailed} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{files.error.message}</Text>
          <Button variant="default" onClick={() => void files.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!files.data) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </Stack>
    );
  }
  return <LoanFilesList agreements={files.data} />;
}
