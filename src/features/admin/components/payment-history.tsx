/**
 * What happened to an M-Pesa payment, oldest first (mpesa_request_events): recorded,
 * sent, timed out, each status query and its answer, results and decisions.
 */
import { Text, Timeline } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconGavel,
  IconPlus,
  IconQuestionMark,
  IconRefresh,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import type { PaymentEvent, PaymentForDecision } from '../../../domain/mpesa-decisions';
import { decisionsText as t } from '../../../i18n/mpesa-decisions';
import { formatDateTime, formatKes } from '../../../lib/format';

const s = t.summary;

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** One line saying what a step means, from its details. */
function summaryOf(event: PaymentEvent, payment: PaymentForDecision): string {
  const d: Record<string, unknown> = event.detail ?? {};
  switch (event.kind) {
    case 'created':
      return s.created(t.purposes[payment.purpose] ?? payment.purpose, formatKes(payment.amount));
    case 'sent':
    case 'resent':
      return s.sent(text(d.conversationId) || text(d.checkoutRequestId));
    case 'send_failed':
      return s.sendOutcome[text(d.outcome)] ?? text(d.reason);
    case 'never_sent':
      return s.neverSent;
    case 'timed_out':
      return s.timedOut;
    case 'status_queried':
      return d.error ? s.queryFailed(Number(d.query), text(d.error)) : s.queried(Number(d.query));
    case 'status_result':
      if (d.pending) return s.stillProcessing;
      return s.answered(
        text(d.transactionStatus) || text(d.resultCode),
        text(d.resultDesc) || text(d.transactionStatus),
      );
    case 'result':
    case 'late_result':
      return d.success ? s.paid(text(d.receipt) || null) : s.failed(text(d.resultDesc));
    case 'amount_differs':
      return s.differs(formatKes(text(d.requested)), formatKes(text(d.reported)));
    case 'decided':
      return s.decided(text(d.outcome), text(d.by), text(d.reason));
    default:
      return '';
  }
}

function bulletOf(kind: string) {
  switch (kind) {
    case 'created':
      return <IconPlus size={14} />;
    case 'sent':
    case 'resent':
      return <IconSend size={14} />;
    case 'result':
      return <IconCheck size={14} />;
    case 'send_failed':
    case 'never_sent':
      return <IconX size={14} />;
    case 'amount_differs':
    case 'timed_out':
      return <IconAlertTriangle size={14} />;
    case 'decided':
      return <IconGavel size={14} />;
    case 'status_queries':
      return <IconRefresh size={14} />;
    default:
      return <IconQuestionMark size={14} />;
  }
}

const QUERY_KINDS = new Set(['status_queried', 'status_result']);

type Step = { key: number; kind: string; summary: string; at: string };

/**
 * The steps shown: each event, except that a run of status queries and their answers
 * (ten of each before a payment lands here) reads as one step with its answers counted.
 */
function stepsOf(payment: PaymentForDecision): Step[] {
  const steps: Step[] = [];
  const events = payment.events;
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i]!;
    if (!QUERY_KINDS.has(event.kind)) {
      steps.push({
        key: event.id,
        kind: event.kind,
        summary: summaryOf(event, payment),
        at: formatDateTime(event.at),
      });
      continue;
    }
    let end = i;
    while (end + 1 < events.length && QUERY_KINDS.has(events[end + 1]!.kind)) end += 1;
    const run = events.slice(i, end + 1);
    const answers = new Map<string, number>();
    let asked = 0;
    for (const step of run) {
      if (step.kind === 'status_queried') {
        asked += 1;
        if (!step.detail?.error) continue;
      }
      const answer = summaryOf(step, payment);
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    steps.push({
      key: event.id,
      kind: 'status_queries',
      summary: s.queries(
        asked,
        [...answers].map(([answer, times]) => s.answerTimes(answer, times)).join('; '),
      ),
      at: s.between(formatDateTime(event.at), formatDateTime(run[run.length - 1]!.at)),
    });
    i = end;
  }
  return steps;
}

export function PaymentHistory({ payment }: { payment: PaymentForDecision }) {
  return (
    <Timeline bulletSize={24} lineWidth={2} role="list" aria-label={t.historyOf(payment.id)}>
      {stepsOf(payment).map((step) => (
        <Timeline.Item
          key={step.key}
          role="listitem"
          bullet={bulletOf(step.kind)}
          title={
            <Text span size="sm" fw={600}>
              {t.events[step.kind] ?? step.kind}
            </Text>
          }
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {step.summary}
          </Text>
          <Text size="xs" c="dimmed">
            {step.at}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
