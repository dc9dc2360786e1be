/**
 * The M-Pesa simulator (docs/architecture.md §6): accepts STK pushes and B2C payments like Daraja
 * and, after MPESA_SIM_DELAY_MS, POSTs Daraja-shaped callbacks (Daraja's API reference) to the
 * server's own callback routes, so the real callback path always runs.
 *
 * What it owes is durable (simulator/store.ts): every payment and every callback still to
 * deliver is a row of mpesa_simulator_payments, so after a crash or restart the callbacks
 * still arrive and status queries are still answered. A small loop (simulator/delivery.ts)
 * delivers due callbacks, claiming each row with one conditional UPDATE (FOR UPDATE SKIP
 * LOCKED), so two instances on one database never both deliver it; a callback the server
 * refuses or cannot receive is retried later with a growing pause. The flows are in
 * simulator/stk.ts (STK push and its query) and simulator/b2c.ts (B2C and its status query).
 *
 * Documented test numbers: 254700000001 cancels an STK push (1032); 254700000002 fails
 * a B2C payment (1, insufficient funds); 254700000003 and 254700000004 time a B2C out
 * (the result goes to QueueTimeOutURL) and a transaction status query then finds it
 * completed (…003) or failed (…004); 254700000005 loses a B2C's result and status
 * queries never find it; 254700000006 loses an STK push's callback and the STK push
 * query finds it paid; 254700000007 leaves an STK push unanswered for ever (the query
 * keeps saying it is being processed). Every other valid Kenyan number succeeds.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { CallbackUrls, MpesaGateway } from './port';
import { simulatedB2c } from './simulator/b2c';
import { callbackDelivery } from './simulator/delivery';
import { simulatedStk } from './simulator/stk';
import { simulatorStore } from './simulator/store';

export {
  nairobiTimestamp,
  SIMULATOR_B2C_FAIL_NUMBER,
  SIMULATOR_B2C_LOST_NUMBER,
  SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER,
  SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER,
  SIMULATOR_STK_CANCEL_NUMBER,
  SIMULATOR_STK_LOST_PAID_NUMBER,
  SIMULATOR_STK_UNANSWERED_NUMBER,
} from './simulator/store';

export type SimulatorGateway = MpesaGateway & {
  /** Starts delivering (once the server listens): what is due now, then as it falls due. */
  start: () => void;
  /** Stops the loop and waits for a delivery in flight. */
  close: () => Promise<void>;
};

export function simulatorGateway(options: {
  db: Db;
  callbacks: () => CallbackUrls;
  delayMs: number;
  log: FastifyBaseLogger;
}): SimulatorGateway {
  const delivery = callbackDelivery(options.db, options.log);
  const store = simulatorStore(options.db, options.delayMs, delivery.wake);
  return {
    kind: 'simulator',
    ...simulatedStk(store, options),
    ...simulatedB2c(store, options),
    start: delivery.start,
    close: delivery.close,
  };
}
