/** Chooses the M-Pesa adapter from MPESA_MODE: the simulator (default) or Daraja. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { darajaGateway } from './daraja';
import type { CallbackUrls, MpesaGateway } from './port';
import { simulatorGateway, type SimulatorGateway } from './simulator';

export function callbackUrls(config: Config, secret: string): CallbackUrls {
  const base = `${config.publicUrl}${config.apiPrefix}/mpesa/callback/${secret}`;
  return {
    stk: `${base}/stk`,
    b2cResult: `${base}/b2c/result`,
    b2cTimeout: `${base}/b2c/timeout`,
    b2cStatusResult: `${base}/b2c/status/result`,
    b2cStatusTimeout: `${base}/b2c/status/timeout`,
    c2bValidation: `${base}/c2b/validation`,
    c2bConfirmation: `${base}/c2b/confirmation`,
  };
}

/** The simulator keeps what it owes in the database (mpesa_simulator_payments). */
export function createGateway(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
  db: Db,
): MpesaGateway | SimulatorGateway {
  if (config.mpesa.daraja) return darajaGateway(config.mpesa.daraja, callbackUrls(config, secret));
  // Read at call time: tests learn the server's port only after listening.
  return simulatorGateway({
    db,
    callbacks: () => callbackUrls(config, secret),
    delayMs: config.mpesa.simulatorDelayMs,
    log,
  });
}
