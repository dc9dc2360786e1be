/**
 * Writes a notice's text from its figures in the borrower's language (src/i18n/sms).
 * Amounts as "KES 1,234.00", dates as the Nairobi calendar day "23/12/2026".
 */
import { smsText, type SmsLanguage } from '../../../src/i18n/sms';
import { formatKesText } from '../../lib/money-text';
import type { NoticeParams, SmsKind } from './notices';

const NAIROBI_OFFSET_MS = 3 * 3600_000;

/** An ISO time → its Africa/Nairobi calendar day as dd/mm/yyyy. */
export function nairobiDate(iso: string): string {
  const [year, month, day] = new Date(Date.parse(iso) + NAIROBI_OFFSET_MS)
    .toISOString()
    .slice(0, 10)
    .split('-');
  return `${day}/${month}/${year}`;
}

export type RenderContext = { platformShortCode: string };

export function renderNotice(
  message: { kind: SmsKind; language: SmsLanguage; params: unknown },
  context: RenderContext,
): string {
  const t = smsText[message.language];
  const kes = formatKesText;
  switch (message.kind) {
    case 'disbursed': {
      const p = message.params as NoticeParams['disbursed'];
      return t.disbursed({
        loanCode: p.loanCode,
        businessName: p.businessName,
        disbursed: kes(p.disbursed),
        total: kes(p.total),
        dueDate: nairobiDate(p.dueDate),
        paybill: p.paybill ?? context.platformShortCode,
        costOfCredit: kes(p.fee + p.interest),
        fee: kes(p.fee),
        interest: kes(p.interest),
      });
    }
    case 'reminder': {
      const p = message.params as NoticeParams['reminder'];
      return t.reminder({
        loanCode: p.loanCode,
        dueDate: nairobiDate(p.dueDate),
        daysLeft: p.daysLeft,
        balance: kes(p.balance),
        paybill: p.paybill ?? context.platformShortCode,
      });
    }
    case 'payment_received': {
      const p = message.params as NoticeParams['payment_received'];
      return t.paymentReceived({
        loanCode: p.loanCode,
        amount: kes(p.amount),
        balance: kes(p.balance),
      });
    }
    case 'repaid':
      return t.repaid({ loanCode: (message.params as NoticeParams['repaid']).loanCode });
    case 'overdue': {
      const p = message.params as NoticeParams['overdue'];
      return t.overdue({
        loanCode: p.loanCode,
        dueDate: nairobiDate(p.dueDate),
        balance: kes(p.balance),
        paybill: p.paybill ?? context.platformShortCode,
      });
    }
    case 'complaint_received': {
      const p = message.params as NoticeParams['complaint_received'];
      return t.complaintReceived({
        reference: p.reference,
        businessName: p.businessName,
        dueDate: nairobiDate(p.dueDate),
      });
    }
    case 'complaint_resolved': {
      const p = message.params as NoticeParams['complaint_resolved'];
      return t.complaintResolved({ reference: p.reference, resolution: p.resolution });
    }
    case 'crb_notice': {
      const p = message.params as NoticeParams['crb_notice'];
      const [year, month, day] = p.deadline.split('-');
      return t.crbNotice({
        loanCode: p.loanCode,
        businessName: p.businessName,
        balance: kes(p.balance),
        deadline: `${day}/${month}/${year}`,
        paybill: p.paybill ?? context.platformShortCode,
      });
    }
  }
}
