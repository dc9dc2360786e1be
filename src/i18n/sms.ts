/**
 * The SMS notices to a borrower (the README's "Money and M-Pesa"), in English and Swahili. One
 * typed catalogue: `satisfies` makes a template missing in either language fail to compile. Amounts
 * and dates arrive formatted ("KES 1,234.00", "23/12/2026"); every text names the sender, uses
 * neutral words and never mentions anyone but the borrower.
 */
import { languages, type Language } from '../domain/languages';

export const smsLanguages = languages;
export type SmsLanguage = Language;

export type SmsTemplates = {
  disbursed: (p: {
    loanCode: string;
    businessName: string;
    disbursed: string;
    total: string;
    dueDate: string;
    paybill: string;
    costOfCredit: string;
    fee: string;
    interest: string;
  }) => string;
  reminder: (p: {
    loanCode: string;
    dueDate: string;
    daysLeft: number;
    balance: string;
    paybill: string;
  }) => string;
  paymentReceived: (p: { loanCode: string; amount: string; balance: string }) => string;
  repaid: (p: { loanCode: string }) => string;
  overdue: (p: { loanCode: string; dueDate: string; balance: string; paybill: string }) => string;
  complaintReceived: (p: { reference: string; businessName: string; dueDate: string }) => string;
  complaintResolved: (p: { reference: string; resolution: string }) => string;
  /** The notice before adverse listing (docs/crb.md): pay by the deadline or be reported. */
  crbNotice: (p: {
    loanCode: string;
    businessName: string;
    balance: string;
    deadline: string;
    paybill: string;
  }) => string;
};

const en: SmsTemplates = {
  disbursed: (p) =>
    `Mkopo: your loan ${p.loanCode} from ${p.businessName} is approved and ${p.disbursed} has been sent to your M-Pesa. ` +
    `Repay ${p.total} by ${p.dueDate}: Paybill ${p.paybill}, Account ${p.loanCode}. ` +
    `Total cost of credit ${p.costOfCredit} (fee ${p.fee} + interest ${p.interest}).`,
  reminder: (p) =>
    `Mkopo: loan ${p.loanCode} is due ${p.daysLeft === 0 ? 'today' : `in ${p.daysLeft} days`}, ${p.dueDate}. ` +
    `Balance ${p.balance}. Paybill ${p.paybill}, Account ${p.loanCode}.`,
  paymentReceived: (p) =>
    `Mkopo: we received ${p.amount} for loan ${p.loanCode}. Balance ${p.balance}. Thank you.`,
  repaid: (p) => `Mkopo: loan ${p.loanCode} is fully repaid. Thank you.`,
  overdue: (p) =>
    `Mkopo: loan ${p.loanCode} was due on ${p.dueDate}. Balance ${p.balance}. ` +
    `Paybill ${p.paybill}, Account ${p.loanCode}. Call us if you need help.`,
  complaintReceived: (p) =>
    `Mkopo: we received your complaint to ${p.businessName}, reference ${p.reference}. ` +
    `It will be resolved by ${p.dueDate}. Quote ${p.reference} when you contact us.`,
  complaintResolved: (p) => `Mkopo: your complaint ${p.reference} is resolved. ${p.resolution}`,
  crbNotice: (p) =>
    `Mkopo: loan ${p.loanCode} from ${p.businessName} is in default, balance ${p.balance}. ` +
    `Unless it is paid by ${p.deadline}, it will be reported to the credit reference bureaus as non-performing. ` +
    `Paybill ${p.paybill}, Account ${p.loanCode}.`,
};

const sw: SmsTemplates = {
  disbursed: (p) =>
    `Mkopo: mkopo wako ${p.loanCode} kutoka ${p.businessName} umeidhinishwa na ${p.disbursed} zimetumwa kwa M-Pesa yako. ` +
    `Lipa ${p.total} kufikia ${p.dueDate}: Paybill ${p.paybill}, Akaunti ${p.loanCode}. ` +
    `Gharama yote ya mkopo ${p.costOfCredit} (ada ${p.fee} + riba ${p.interest}).`,
  reminder: (p) =>
    `Mkopo: mkopo ${p.loanCode} unapaswa kulipwa ${p.daysLeft === 0 ? 'leo' : `baada ya siku ${p.daysLeft}`}, ${p.dueDate}. ` +
    `Salio ${p.balance}. Paybill ${p.paybill}, Akaunti ${p.loanCode}.`,
  paymentReceived: (p) =>
    `Mkopo: tumepokea ${p.amount} kwa mkopo ${p.loanCode}. Salio ${p.balance}. Asante.`,
  repaid: (p) => `Mkopo: mkopo ${p.loanCode} umelipwa wote. Asante.`,
  overdue: (p) =>
    `Mkopo: mkopo ${p.loanCode} ulipaswa kulipwa tarehe ${p.dueDate}. Salio ${p.balance}. ` +
    `Paybill ${p.paybill}, Akaunti ${p.loanCode}. Wasiliana nasi ukihitaji msaada.`,
  complaintReceived: (p) =>
    `Mkopo: tumepokea lalamiko lako kwa ${p.businessName}, kumbukumbu ${p.reference}. ` +
    `Litatatuliwa kufikia ${p.dueDate}. Taja ${p.reference} ukiwasiliana nasi.`,
  complaintResolved: (p) => `Mkopo: lalamiko lako ${p.reference} limetatuliwa. ${p.resolution}`,
  crbNotice: (p) =>
    `Mkopo: mkopo ${p.loanCode} kutoka ${p.businessName} haujalipwa kwa wakati, salio ${p.balance}. ` +
    `Usipolipwa kufikia ${p.deadline}, utaripotiwa kwa mashirika ya marejeleo ya mikopo (CRB) kama mkopo usiolipwa. ` +
    `Paybill ${p.paybill}, Akaunti ${p.loanCode}.`,
};

export const smsText = { en, sw } satisfies Record<SmsLanguage, SmsTemplates>;

/** Sentences of the SMS routes. */
export const smsRoutesText = {
  optedOut: 'The borrower will get no more payment reminders. Receipts still go.',
  optedIn: 'The borrower will get payment reminders again.',
  languageSet: "The borrower's SMS language is saved.",
} as const;
