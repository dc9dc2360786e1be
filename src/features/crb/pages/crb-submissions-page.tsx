/**
 * /dashboard/crb, for lenders and admins (docs/crb.md): pick a business and a month that has
 * ended, generate the month's CRB files, read the errors per borrower with what to fix, download
 * the consumer and account files, and mark the version as submitted (with a confirmation: a
 * submitted version is kept as it is).
 */
import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myBusinessesQuery } from '../../../api/businesses';
import { lendersQuery } from '../../../api/lenders';
import { AppModal } from '../../../components/app-modal';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { CRB_NAME_MAX, crbMonthPattern, type CrbIssue } from '../../../domain/crb';
import { commonText } from '../../../i18n/common';
import { crbText as t } from '../../../i18n/crb';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { formatDateTime } from '../../../lib/format';
import { personName } from '../../../lib/names';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import {
  crbSubmissionsQuery,
  downloadSubmissionFile,
  useGenerateSubmission,
  useMarkSubmitted,
  type CrbSubmission,
} from '../api/crb-submissions';

/** The month before this one, YYYY-MM: the month a lender reports next. */
function lastMonth(): string {
  const now = new Date(Date.now() + 3 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

function BusinessPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { user } = useSession();
  const admin = user?.role !== 'lender';
  const own = useQuery({ ...myBusinessesQuery('lender'), enabled: !admin });
  const lenders = useQuery({ ...lendersQuery(), enabled: admin });
  const [lenderId, setLenderId] = useState<string | null>(null);
  if (!admin) {
    return (
      <Select
        label={t.business}
        data={(own.data ?? []).map((b) => ({ value: String(b.id), label: b.businessName }))}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next ? Number(next) : null)}
        allowDeselect={false}
        size="md"
      />
    );
  }
  const lender = (lenders.data ?? []).find((l) => String(l.id) === lenderId);
  return (
    <>
      <Select
        label={t.lender}
        data={(lenders.data ?? []).map((l) => ({
          value: String(l.id),
          label: personName(l) || l.email,
        }))}
        value={lenderId}
        onChange={(next) => {
          setLenderId(next);
          onChange(null);
        }}
        searchable
        size="md"
      />
      <Select
        label={t.business}
        data={(lender?.lenderBusinesses ?? []).map((b) => ({
          value: String(b.id),
          label: b.businessName,
        }))}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next ? Number(next) : null)}
        allowDeselect={false}
        size="md"
      />
    </>
  );
}

function StatusBadge({ submission }: { submission: CrbSubmission }) {
  return (
    <Badge color={submission.status === 'submitted' ? 'green' : 'gray'} variant="light">
      {t.statuses[submission.status]}
    </Badge>
  );
}

/** The problem in the screen's language: "Gender is neither male nor female…". */
function problemOf(issue: CrbIssue): string {
  const problem =
    issue.problemKey === 'tooLong'
      ? t.problems.tooLong(CRB_NAME_MAX)
      : t.problems[issue.problemKey];
  return `${issue.field} ${problem}`;
}

function ErrorsTable({ submission }: { submission: CrbSubmission }) {
  if (submission.errors.length === 0) {
    return <Text size="sm">{t.errorsNone}</Text>;
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t.errorsLeftOut}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder aria-label={t.errorsTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.borrower}</Table.Th>
              <Table.Th>{t.columns.loan}</Table.Th>
              <Table.Th>{t.columns.field}</Table.Th>
              <Table.Th>{t.columns.value}</Table.Th>
              <Table.Th>{t.columns.problem}</Table.Th>
              <Table.Th>{t.columns.fix}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {submission.errors.map((issue, index) => (
              <Table.Tr key={`${issue.loanId}-${issue.field}-${index}`}>
                <Table.Td>{issue.borrowerName}</Table.Td>
                <Table.Td ff="monospace">{issue.loanCode}</Table.Td>
                <Table.Td>{issue.field}</Table.Td>
                <Table.Td ff="monospace">{issue.value}</Table.Td>
                <Table.Td>{problemOf(issue)}</Table.Td>
                <Table.Td>{t.fixes[issue.fixKey]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function VersionCard({
  submission,
  latest,
  onSubmit,
}: {
  submission: CrbSubmission;
  latest: boolean;
  onSubmit: () => void;
}) {
  const download = (kind: 'consumer' | 'account') =>
    downloadSubmissionFile(submission, kind).catch((error: unknown) =>
      notifyFailure(commonText.errorTitle, error),
    );
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {t.version} {submission.version} · {submission.month}
          </Title>
          <StatusBadge submission={submission} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Text size="sm">
            {t.accounts}: <b>{submission.accounts}</b>
          </Text>
          <Text size="sm">
            {t.consumers}: <b>{submission.consumers}</b>
          </Text>
          <Text size="sm">
            {t.nonPerforming}: <b>{submission.nonPerforming}</b>
          </Text>
          <Text size="sm">
            {t.errorCount}: <b>{submission.errorCount}</b>
          </Text>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t.generatedAt} {formatDateTime(submission.generatedAt)}
          {submission.generatedByEmail ? ` ${t.by(submission.generatedByEmail)}` : ''}
          {submission.submittedAt
            ? ` · ${t.submittedAt} ${formatDateTime(submission.submittedAt)}${
                submission.submittedByEmail ? ` ${t.by(submission.submittedByEmail)}` : ''
              }`
            : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => void download('consumer')}>
            {t.downloadConsumer}
          </Button>
          <Button variant="default" onClick={() => void download('account')}>
            {t.downloadAccount}
          </Button>
          {latest && submission.status === 'draft' && (
            <Button onClick={onSubmit}>{t.markSubmitted}</Button>
          )}
        </Group>
        <Title order={4} size="h5">
          {t.errorsTitle}
        </Title>
        <ErrorsTable submission={submission} />
      </Stack>
    </Card>
  );
}

export function CrbSubmissionsPage() {
  const [businessId, setBusinessId] = useState<number | null>(null);
  const [monthInput, setMonthInput] = useState(lastMonth);
  const month = crbMonthPattern.test(monthInput) ? monthInput : null;
  const [confirming, setConfirming] = useState<CrbSubmission | null>(null);
  const versions = useQuery(crbSubmissionsQuery(businessId, month));

  const generate = useGenerateSubmission({
    onSuccess: ({ data }) => {
      // The screen's own words, in the screen's language (the server's are English).
      notifySuccess(t.title, t.generated(data.month, data.version));
    },
    onError: (error) => notifyFailure(commonText.errorTitle, error),
  });
  const submit = useMarkSubmitted({
    onSuccess: ({ data }) => {
      notifySuccess(t.title, t.marked(data.month, data.version));
      setConfirming(null);
    },
    onError: (error) => notifyFailure(commonText.errorTitle, error),
  });

  const list = versions.data ?? [];
  return (
    <Stack gap="lg">
      <PageHead title={t.title} description={t.subtitle} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'end' }}>
        <BusinessPicker value={businessId} onChange={setBusinessId} />
        <TextInput
          label={t.month}
          description={t.monthHint}
          type="month"
          size="md"
          value={monthInput}
          onChange={(event) => setMonthInput(event.currentTarget.value)}
          error={monthInput && !month ? t.monthFormat : undefined}
        />
        <Button
          size="md"
          disabled={businessId === null || month === null || generate.isPending}
          onClick={() => generate.mutate({ lenderBusinessId: businessId!, month: month! })}
        >
          {generate.isPending ? t.generating : t.generate}
        </Button>
      </SimpleGrid>
      {versions.error && (
        <FailureAlert
          message={failureMessage(versions.error) || t.loadFailed}
          onRetry={() => void versions.refetch()}
        />
      )}
      <Title order={2} size="h3">
        {t.versions}
      </Title>
      {businessId !== null && month !== null && versions.isSuccess && list.length === 0 && (
        <Text c="dimmed">{t.noVersions}</Text>
      )}
      {list.map((submission, index) => (
        <VersionCard
          key={submission.id}
          submission={submission}
          latest={index === 0}
          onSubmit={() => setConfirming(submission)}
        />
      ))}
      {confirming && (
        <AppModal
          title={t.confirmTitle}
          size={500}
          busy={submit.isPending}
          onClose={() => setConfirming(null)}
        >
          <Stack gap="md">
            <Text>{t.confirmBody(confirming.month, confirming.version)}</Text>
            <DialogButtons
              label={t.confirm}
              busyLabel={t.submitting}
              busy={submit.isPending}
              onCancel={() => setConfirming(null)}
              onConfirm={() => submit.mutate(confirming.id)}
            />
          </Stack>
        </AppModal>
      )}
    </Stack>
  );
}
