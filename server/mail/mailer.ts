/**
 * Outgoing mail: through SMTP when SMTP_URL is set; otherwise the message, link
 * included, goes to the server log so a local operator can follow it.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; link?: string };

export type Mailer = { send: (message: MailMessage) => Promise<void> };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async ({ to, subject, link }) => {
        options.log.info(
          { mail: { to, subject, link } },
          `Mail to ${to}: ${subject}: ${link ?? ''}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from: options.from, to, subject, text });
    },
  };
}
