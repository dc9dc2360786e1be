import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { TokenService } from '../lib/jwt';
import type { Mailer } from '../mail/mailer';
import type { MpesaGateway } from '../mpesa/port';
import type { FileStorage } from '../storage/storage';

/** What every route module may use; built once in app.ts. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  storage: FileStorage;
  mpesa: MpesaGateway;
  /** The secret path segment of the M-Pesa callback URLs. */
  callbackSecret: string;
};
