/**
 * Outgoing mail: through SMTP when SMTP_URL is set; otherwise each message is saved as a
 * file under DATA_DIR/mail/ (readable only by the server's user) for a local operator to
 * open. The log says only where a mail went: a reset or invitation link in the log would
 * hand an account to whoever reads the logs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { loadLater } from '../lib/load-later';

export type MailMessage = { to: string; subject: string; text: string; link?: string };

export type Mailer = { send: (message: MailMessage) => Promise<void> };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  /** Only where a mail went is logged (a script passes its own line writer). */
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Where mails are saved when smtpUrl is unset (DATA_DIR/mail). */
  mailDir: string;
}): Mailer {
  if (!options.smtpUrl) return folderMailer(options);
  const smtpUrl = options.smtpUrl;
  const transport = loadLater<Transporter>(async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(smtpUrl);
  });
  return {
    send: async ({ to, subject, text }) => {
      await (await transport()).sendMail({ from: options.from, to, subject, text });
    },
  };
}

let sequence = 0;

/** One .eml file per mail, named so that names sort in the order the mails were sent. */
function folderMailer(options: {
  from: string;
  log: Pick<FastifyBaseLogger, 'info'>;
  mailDir: string;
}): Mailer {
  return {
    send: async ({ to, subject, text }) => {
      await mkdir(options.mailDir, { recursive: true, mode: 0o700 });
      sequence += 1;
      const now = new Date();
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}.eml`;
      const file = path.join(options.mailDir, name);
      await writeFile(file, emlOf({ from: options.from, to, subject, text, date: now }), {
        mode: 0o600,
        flag: 'wx',
      });
      options.log.info({ mail: { to, subject, file } }, `Mail to ${to} saved to ${file}`);
    },
  };
}

/** A plain-text RFC 5322 message; header values lose any line break (no header injection). */
function emlOf(mail: { from: string; to: string; subject: string; text: string; date: Date }) {
  const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return [
    `From: ${header(mail.from)}`,
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    `Date: ${mail.date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}
