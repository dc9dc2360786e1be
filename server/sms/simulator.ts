/**
 * The SMS simulator (SMS_MODE=simulator, the default): every message is accepted and
 * written to the log; the outbox (sms_messages) keeps it with the status "sent" and a
 * cost of KES 0, so a lending month can be counted without a provider.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { internationalNumber, type SmsGateway } from './port';

export function simulatorSmsGateway(log: Pick<FastifyBaseLogger, 'info'>): SmsGateway {
  return {
    kind: 'simulator',
    send: async ({ phoneNumber, message }) => {
      const providerMessageId = `SIM-${randomUUID()}`;
      log.info(
        { sms: { to: internationalNumber(phoneNumber), message, providerMessageId } },
        'SMS',
      );
      return { accepted: true, providerMessageId, cost: { currency: 'KES', amount: '0.0000' } };
    },
  };
}
