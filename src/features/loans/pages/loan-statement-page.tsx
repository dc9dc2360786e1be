/**
 * /dashboard/loans/{id}/statement (the README's
 * "The borrower's statement and data rights"): the loan's statement as a
 * page for its lender: the terms and the CBK disclosure, the schedule, every line with
 * the balance after it, and the totals; Print (the shell stays off paper) and Download
 * PDF, the same figures the PDF carries. The disclosure and the lines' descriptions are the
 * server's, in English like the PDF (the README's "Working offline (agents)"): marked so, they
 * are read out as English on a Kiswahili phone.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { DetailList } from '../../../components/detail-list';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { formatKenyanPhone } from '../../../domain/phone';
import { commonText } from '../../../i18n/common';
import { messagesText as t } from '../../../i18n/messages';
import { crbText } from '../../../i18n/crb';
import { statementText as s } from '../../../i18n/statement';
import { CrbNoticeText } from '../components/crb-notice';
import { failureMessage } from '../../../lib/failure';
import { formatDate, formatKes, loanStatusLabel } from '../../../lib/format';
import { personName } from '../../../lib/names';
import { statementQuery, useDownloadStatementPdf, type Statement } from '../api/get-statement';

export function LoanStatementPage() {
  const id = Number(useParams().id);
  const statement = useQuery({ ...statementQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (statement.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t.statementFailed}>
        <Stack gap="sm" align="flex-start">
          {statement.error.message}
          <Button variant="default" onClick={() => void statement.refetch()}>
            {commonText.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!statement.data) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={60} />
        <Skeleton height={300} />
      </Stack>
    );
  }
  return <StatementView statement={statement.data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function StatementView({ statement }: { statement: Statement }) {
  const { loan, borrower, business, totals } = statement;
  const name = personName(borrower);
  const download = useDownloadStatementPdf(loan.id, loan.loanCode);
  const busy = download.isPending;

  return (
    <Stack gap="lg">
      <PageHead
        title={s.title}
        description={t.statementSubtitle(loan.loanCode, name)}
        action={
          <Group gap="sm" className="no-print">
            <Button
              variant="default"
              size="md"
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
            >
              {t.print}
            </Button>
            <Button
              size="md"
              leftSection={<IconDownload size={18} />}
              onClick={() => download.mutate()}
              disabled={busy}
            >
              {busy ? t.downloading : t.downloadPdf}
            </Button>
          </Group>
        }
      />
      <FailureAlert
        title={t.downloadFailed}
        message={download.error ? failureMessage(download.error) : null}
      />
      <Text size="sm" c="dimmed">
        {s.generated(business.businessName, formatDate(statement.generatedAt))}
      </Text>

      <Section title={s.sections.loan}>
        <DetailList
          items={[
            { label: s.labels.borrower, value: name },
            { label: s.labels.phone, value: formatKenyanPhone(borrower.phoneNumber) },
            { label: s.labels.idNumber, value: borrower.idNumber },
            { label: s.labels.loanCode, value: loan.loanCode },
            ...(business.paybillNumber
              ? [{ label: s.labels.paybill, value: business.paybillNumber }]
              : []),
            { label: s.labels.status, value: loanStatusLabel(loan.status) },
            {
              label: s.labels.disbursed,
              value: formatDate(loan.disbursementDate) || s.labels.notYet,
            },
            { label: s.labels.due, value: formatDate(loan.dueDate) || s.labels.notYet },
          ]}
        />
      </Section>

      {statement.crbNotice && (
        <Section title={crbText.notice.title}>
          <CrbNoticeText notice={statement.crbNotice} />
        </Section>
      )}

      <Section title={s.sections.disclosure}>
        <Stack gap="xs" lang="en">
          {statement.disclosure.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Section>

      <Section title={s.sections.schedule}>
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.columns.instalment}</Table.Th>
                <Table.Th>{s.columns.due}</Table.Th>
                <Table.Th ta="right">{s.columns.amount}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.schedule.map((row) => (
                <Table.Tr key={row.number}>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>
                    {row.dueDate ? formatDate(row.dueDate) : s.dayOffset(row.dayOffset)}
                  </Table.Td>
                  <Table.Td ta="right">{formatKes(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section title={s.sections.lines}>
        {statement.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noLines}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s.columns.date}</Table.Th>
                  <Table.Th>{s.columns.line}</Table.Th>
                  <Table.Th ta="right">{s.columns.amount}</Table.Th>
                  <Table.Th ta="right">{s.columns.fines}</Table.Th>
                  <Table.Th ta="right">{s.columns.interest}</Table.Th>
                  <Table.Th ta="right">{s.columns.principal}</Table.Th>
                  <Table.Th ta="right">{s.columns.balance}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statement.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.at)}</Table.Td>
                    <Table.Td lang="en">{line.description}</Table.Td>
                    <Table.Td ta="right">{formatKes(line.amount)}</Table.Td>
                    <Table.Td ta="right">
                      {line.kind === 'payment' ? formatKes(line.fines) : ''}
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.kind === 'payment' ? formatKes(line.interest) : ''}
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.kind === 'payment' ? formatKes(line.principal) : ''}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatKes(line.balance)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={s.sections.totals}>
        <DetailList
          items={[
            { label: s.labels.principal, value: formatKes(statement.terms.principalAmount) },
            { label: s.labels.costOfCredit, value: formatKes(statement.terms.totalCostOfCredit) },
            { label: s.labels.totalToRepay, value: formatKes(statement.terms.initialAmount) },
            { label: s.labels.finesCharged, value: formatKes(totals.fines) },
            { label: s.labels.paid, value: formatKes(totals.paid) },
            { label: s.labels.paidFines.trim(), value: formatKes(totals.paidFines) },
            { label: s.labels.paidInterest.trim(), value: formatKes(totals.paidInterest) },
            { label: s.labels.paidPrincipal.trim(), value: formatKes(totals.paidPrincipal) },
            ...(totals.writtenOff
              ? [
                  { label: s.labels.writtenOff, value: formatKes(totals.writtenOff) },
                  { label: s.labels.recovered, value: formatKes(totals.recovered) },
                ]
              : []),
            ...(totals.refunded
              ? [{ label: s.labels.refunded, value: formatKes(totals.refunded) }]
              : []),
            { label: s.labels.balanceNow, value: formatKes(totals.balance) },
          ]}
        />
      </Section>
    </Stack>
  );
}
