import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { TokenService } from '../lib/jwt';
import type { FactorSecrets } from './auth/factor-secret';
import type { ValibotTypeProvider } from '../lib/validation';
import type { Mailer } from '../mail/mailer';
import type { MpesaGateway } from '../mpesa/port';
import type { SmsGateway } from '../sms/port';
import type { SmsOutbox } from './sms/outbox';
import type { FileStorage } from '../storage/storage';

/** What every route module may use; built once in app.ts. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Encrypts and decrypts second factors' TOTP secrets (MFA_SECRET_KEY). */
  factorSecrets: FactorSecrets;
  mailer: Mailer;
  storage: FileStorage;
  mpesa: MpesaGateway;
  /** The secret path segment of the M-Pesa callback URLs. */
  callbackSecret: string;
  sms: SmsGateway;
  /** Sends what the SMS outbox holds; called after the commits that wrote to it. */
  smsOutbox: SmsOutbox;
  /** The secret path segment of the SMS delivery-report URL. */
  smsCallbackSecret: string;
  /** The clock of time-dependent rules (quiet hours, reminders); tests set it. */
  now: () => Date;
};

/**
 * A route module: registered with the deps, its routes typed from their schemas
 * (request from `body`/`params`/`querystring`, the handler's answer from `response`).
 */
export type RoutesPlugin = FastifyPluginAsync<Deps, RawServerDefault, ValibotTypeProvider>;
