/**
 * /dashboard/loan-agreement (spec part 2 §2 "Borrower file upload (loan files)"), for
 * agents: the upload form for a borrower of the selected business and, below it, what
 * has been uploaded for the chosen borrower.
 */
import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { borrowerFullName } from '../../../components/borrower-select';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { loanFilesText as t } from '../../../i18n/field-work';
import { useSession } from '../../../lib/session';
import { useApiQuery, type ApiQuery } from '../../../lib/use-api-query';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { getBorrowers, type BorrowerChoice } from '../api/get-borrowers';
import { getLoanFiles, type LoanAgreement } from '../api/get-loan-files';
import { LoanFilesForm } from '../components/loan-files-form';
import { LoanFilesList } from '../components/loan-files-list';

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
  const borrowers = useApiQuery(`loan-file-borrowers:${userId}:${business.id}`, () =>
    getBorrowers(userId, business.id),
  );
  const [borrowerId, setBorrowerId] = useState('');
  const borrower = borrowers.data?.find((b) => String(b.id) === borrowerId);
  const files = useApiQuery(borrower ? `loan-files:${borrower.id}` : null, () =>
    getLoanFiles(Number(borrowerId)),
  );

  return (
    <>
      <PageHead title={t.title} description={t.subtitle(business.businessName)} />
      <LoanFilesForm
        borrowers={{
          data: borrowers.data,
          loading: borrowers.loading,
          failed: Boolean(borrowers.error),
        }}
        borrowerId={borrowerId}
        onBorrowerChange={setBorrowerId}
        onUploaded={files.reload}
      />
      <UploadedFiles borrower={borrower} files={files} />
    </>
  );
}

function UploadedFiles({
  borrower,
  files,
}: {
  borrower: BorrowerChoice | undefined;
  files: ApiQuery<LoanAgreement[]>;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.uploadedTitle}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t.uploadedTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {borrower ? t.uploadedOf(borrowerFullName(borrower)) : t.chooseBorrower}
          </Text>
        </Stack>
        {borrower && <BorrowerFiles files={files} />}
      </Stack>
    </Card>
  );
}

function BorrowerFiles({ files }: { files: ApiQuery<LoanAgreement[]> }) {
  if (files.error) {
    return (
      <Alert color="red" variant="light" title={t.filesFailed} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{files.error.message}</Text>
          <Button variant="default" onClick={files.reload}>
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
