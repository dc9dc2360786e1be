/**
 * The agent's Complaints screen (the README's "Complaints"), in English and Kiswahili, offline
 * too: record a borrower's complaint for the selected business (sent at once, or kept in the
 * outbox with its Idempotency-Key and sent once), and the complaints this agent recorded,
 * the ones still on the phone first. The list is read from the agent's working set (the API
 * client answers GET /complaint from it), so it shows with no signal on a phone that never
 * opened this screen online, with the lender's status, category and resolution as of the
 * last sync.
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import type { ComplaintAnswer, ComplaintCategory } from '../../../domain/complaints';
import { commonText } from '../../../i18n/common';
import { complaintsText as t } from '../../../i18n/complaints';
import { offlineText } from '../../../i18n/offline';
import { failureText } from '../../../lib/failure';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { fieldsOf, text } from '../../../offline/pending';
import { useOnline } from '../../../offline/use-connection';
import { usePendingItems } from '../../../offline/use-outbox';
import { complaintsQuery, useCreateComplaint, useReloadSentComplaints } from '../api/complaints';
import { ComplaintForm, type ComplaintValues } from '../components/complaint-form';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';

export function AgentComplaints() {
  return (
    <BusinessPage
      title={t.title}
      descriptionNoBusiness={t.agentSubtitle}
      chooseText={t.agentSubtitle}
    >
      {(business) => <AgentComplaintsOf businessId={business.id} />}
    </BusinessPage>
  );
}

function AgentComplaintsOf({ businessId }: { businessId: number }) {
  const { user } = useSession();
  const online = useOnline();
  const list = useQuery(complaintsQuery(null));
  const pending = usePendingItems(user?.id, 'complaint', businessId);
  useReloadSentComplaints();
  const create = useCreateComplaint({
    onSuccess: (submitted) => {
      if (submitted.kind === 'sent') {
        const answer = submitted.answer as ComplaintAnswer;
        notifySuccess(commonText.successTitle, `${t.recorded} ${answer.data.reference}`);
      } else {
        notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(t.detail));
      }
    },
  });
  const mine = (list.data ?? []).filter((c) => c.lenderBusinessId === businessId);

  return (
    <Stack gap="lg">
      <PageHead title={t.title} description={t.agentSubtitle} />
      {user && (
        <Card withBorder padding="lg" radius="md">
          <ComplaintForm
            userId={user.id}
            businessId={businessId}
            busy={create.isPending}
            failure={
              create.error
                ? { title: t.createFailed, message: failureText(create.error, '') }
                : null
            }
            submitLabel={create.isPending ? t.recording : t.record}
            onSubmit={async (values: ComplaintValues) => {
              try {
                await create.mutateAsync({
                  complaint: values,
                  userId: user.id,
                  label: `${t.detail}: ${t.categories[values.category]}`,
                });
                return true;
              } catch {
                return false;
              }
            }}
          />
        </Card>
      )}
      <Title order={2} size="h4">
        {t.mine}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pending.map((item) => {
          const fields = fieldsOf(item);
          const category = text(fields.category) as ComplaintCategory;
          return (
            <Card key={item.id} component="li" withBorder padding="sm" radius="md">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{t.categories[category] ?? category}</Text>
                <Badge color="cyan" variant="light" tt="none">
                  {t.sending}
                </Badge>
              </Group>
              <Text size="sm">{text(fields.text)}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(item.createdAt)}
              </Text>
            </Card>
          );
        })}
        {mine.map((complaint) => (
          <Card key={complaint.id} component="li" withBorder padding="sm" radius="md">
            <Group justify="space-between" gap="xs">
              <Text fw={600} ff="monospace">
                {complaint.reference}
              </Text>
              <ComplaintStatusBadge status={complaint.status} overdue={complaint.overdue} />
            </Group>
            <Text size="sm" fw={500}>
              {complaint.borrowerName ?? ''} · {t.categories[complaint.category]}
            </Text>
            <Text size="sm">{complaint.text}</Text>
            {complaint.resolution && (
              <Text size="sm">
                <Text span fw={500}>
                  {t.resolution}:
                </Text>{' '}
                {complaint.resolution}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(complaint.receivedAt)} · {t.dueBy(formatDate(complaint.dueAt))}
            </Text>
          </Card>
        ))}
      </Stack>
      {list.isError && (
        <Text size="sm" c="dimmed">
          {online ? t.loadFailed : t.offlineList}
        </Text>
      )}
      {!list.isError && !list.isLoading && !pending.length && !mine.length && (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      )}
    </Stack>
  );
}
