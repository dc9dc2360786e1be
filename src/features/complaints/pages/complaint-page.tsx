/**
 * /dashboard/complaints/:id (the README's "Complaints"), for the lender and administrators: the
 * complaint, its deadline and history; set its owner, change its category, start work,
 * resolve it with a resolution (the borrower gets it by SMS), close it.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import {
  COMPLAINT_TEXT_MAX,
  complaintCategories,
  complaintTransitions,
  type ComplaintCategory,
  type ComplaintDetail,
} from '../../../domain/complaints';
import { formatKenyanPhone } from '../../../domain/phone';
import { commonText } from '../../../i18n/common';
import { complaintsText as t } from '../../../i18n/complaints';
import { failureText } from '../../../lib/failure';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { complaintQuery, useUpdateComplaint } from '../api/complaints';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';

export function ComplaintPage() {
  const id = Number(useParams().id);
  const complaint = useQuery({ ...complaintQuery(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.complaints} size="sm">
        {t.back}
      </Anchor>
      {complaint.isError ? (
        <>
          <PageHead title={t.detail} description={t.notFound} />
          <FailureAlert message={failureText(complaint.error, t.loadFailed)} />
        </>
      ) : complaint.data ? (
        <ComplaintView complaint={complaint.data} />
      ) : (
        <PageHead title={t.detail} description={t.queueSubtitle} />
      )}
    </Stack>
  );
}

function ComplaintView({ complaint: c }: { complaint: ComplaintDetail }) {
  const [owner, setOwner] = useState<string | null>(c.ownerUserId ? String(c.ownerUserId) : null);
  const [category, setCategory] = useState<string>(c.category);
  const [resolution, setResolution] = useState('');
  const update = useUpdateComplaint(c.id, {
    onSuccess: () => {
      notifySuccess(commonText.successTitle, t.saved);
      setResolution('');
    },
  });
  const next = complaintTransitions[c.status];
  const busy = update.isPending;
  return (
    <Stack gap="lg">
      <PageHead
        title={`${t.detail} ${c.reference}`}
        description={`${c.businessName} · ${t.channels[c.channel]} · ${t.categories[c.category]}`}
      />
      <FailureAlert
        message={update.error ? failureText(update.error, t.updateFailed) : null}
        title={t.updateFailed}
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Group gap="sm">
            <ComplaintStatusBadge status={c.status} overdue={c.overdue} />
            <Text size="sm">{t.dueBy(formatDate(c.dueAt))}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t.columns.received}: {formatDateTime(c.receivedAt)}
          </Text>
          {c.borrowerName && (
            <Text size="sm">
              {t.columns.borrower}: {c.borrowerName}
              {c.phoneNumber ? ` · ${formatKenyanPhone(c.phoneNumber)}` : ''}
              {c.loanCode ? ` · ${c.loanCode}` : ''}
            </Text>
          )}
          <Title order={2} size="h5">
            {t.text}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Text>
          {c.resolution && (
            <>
              <Title order={2} size="h5">
                {t.resolution}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{c.resolution}</Text>
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t.ownerLabel}
              placeholder={t.unassigned}
              data={c.owners.map((o) => ({ value: String(o.id), label: o.name }))}
              value={owner}
              onChange={setOwner}
              disabled={busy}
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              variant="default"
              disabled={busy || owner === (c.ownerUserId ? String(c.ownerUserId) : null)}
              onClick={() => update.mutate({ ownerUserId: owner ? Number(owner) : null })}
            >
              {t.assign}
            </Button>
          </Group>
          <Group align="flex-end" gap="sm">
            <Select
              label={t.categoryLabel}
              data={complaintCategories.map((value) => ({ value, label: t.categories[value] }))}
              value={category}
              onChange={(value) => value && setCategory(value)}
              allowDeselect={false}
              disabled={busy}
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              variant="default"
              disabled={busy || category === c.category}
              onClick={() => update.mutate({ category: category as ComplaintCategory })}
            >
              {t.recategorise}
            </Button>
          </Group>
          {next.includes('in_progress') && (
            <Group>
              <Button
                variant="light"
                disabled={busy}
                onClick={() => update.mutate({ status: 'in_progress' })}
              >
                {t.start}
              </Button>
            </Group>
          )}
          {next.includes('resolved') && (
            <Stack gap="xs">
              <Textarea
                label={t.resolutionLabel}
                value={resolution}
                onChange={(event) => setResolution(event.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={COMPLAINT_TEXT_MAX}
                disabled={busy}
              />
              <Group>
                <Button
                  disabled={busy}
                  onClick={() => update.mutate({ status: 'resolved', resolution })}
                >
                  {t.resolve}
                </Button>
              </Group>
            </Stack>
          )}
          {next.includes('closed') && (
            <Group>
              <Button
                variant="default"
                disabled={busy}
                onClick={() => update.mutate({ status: 'closed' })}
              >
                {t.close}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t.history}
        </Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {c.history.map((entry) => (
            <Timeline.Item key={entry.id} title={historyLabel(entry)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
                {entry.actorName ? ` · ${entry.actorName}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}

function historyLabel(entry: ComplaintDetail['history'][number]): string {
  switch (entry.action) {
    case 'complaint.created':
      return t.actions.created;
    case 'complaint.assigned':
      return t.actions.assigned;
    case 'complaint.category': {
      const name = (value: string | null) =>
        t.categories[(value ?? '') as ComplaintCategory] ?? value ?? '';
      return `${t.actions.category}: ${name(entry.from)} → ${name(entry.to)}`;
    }
    case 'complaint.status': {
      const to = (entry.to ?? '') as keyof typeof t.statuses;
      return `${t.actions.status}: ${t.statuses[to] ?? to}`;
    }
    default:
      return entry.action;
  }
}
