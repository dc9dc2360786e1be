/**
 * The notice before adverse listing of a loan (docs/crb.md), on its statement and in the
 * lender's loan details: when the borrower was told, the deadline, and how the SMS fared.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CrbNotice } from '../../../domain/crb';
import { crbText as t } from '../../../i18n/crb';
import { messagesText } from '../../../i18n/messages';
import { formatDate, formatDateTime } from '../../../lib/format';
import { statementQuery } from '../api/get-statement';

export function CrbNoticeText({ notice }: { notice: CrbNotice }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t.notice.sent(formatDateTime(notice.noticedAt), formatDate(notice.deadline))}
      </Text>
      {notice.smsStatus && (
        <Text size="xs" c="dimmed">
          {t.notice.smsStatus(messagesText.statuses[notice.smsStatus] ?? notice.smsStatus)}
        </Text>
      )}
    </Stack>
  );
}

/** The loan's notice, read with its statement; nothing while loading or when there is none. */
export function LoanCrbNotice({ loanId }: { loanId: number }) {
  const statement = useQuery(statementQuery(loanId));
  const notice = statement.data?.crbNotice;
  if (!notice) return null;
  return (
    <Alert color="orange" variant="light" title={t.notice.title}>
      <CrbNoticeText notice={notice} />
    </Alert>
  );
}
