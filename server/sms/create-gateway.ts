/** Chooses the SMS adapter from SMS_MODE: the simulator (default) or Africa's Talking. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { africasTalkingGateway } from './africastalking';
import type { SmsGateway } from './port';
import { simulatorSmsGateway } from './simulator';

export function createSmsGateway(config: Config, log: FastifyBaseLogger): SmsGateway {
  if (config.sms.africastalking) return africasTalkingGateway(config.sms.africastalking);
  return simulatorSmsGateway(log);
}
