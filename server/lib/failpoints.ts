/**
 * Crash points for the crash tests (tests/server/crash.test.ts): with
 * MKOPO_FAILPOINTS=name[,name…] the process kills itself at that point, as a power cut
 * or an OOM kill would, so a test can prove that what was committed before settles after
 * a restart. Unset (always, outside those tests), every failpoint does nothing.
 */

export const failpointNames = [
  /** A B2C's debit has committed; its request has not been handed to M-Pesa. */
  'b2c-before-send',
  /** M-Pesa accepted a B2C; its ConversationID has not been saved. */
  'b2c-after-send',
  /** A keyed write did its work in its transaction, which has not committed yet. */
  'keyed-before-commit',
  /** A keyed write committed its work and its answer; the answer has not been sent. */
  'keyed-after-commit',
  /** A repayment and its SMS receipt are written; their transaction has not committed. */
  'repayment-before-commit',
  /** SMS notices have committed; none has been handed to the SMS provider. */
  'sms-before-send',
] as const;
export type FailpointName = (typeof failpointNames)[number];

const active = new Set(
  (process.env.MKOPO_FAILPOINTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

export function failpoint(name: FailpointName): void {
  if (!active.has(name)) return;
  process.stderr.write(`failpoint ${name}: killing the process\n`);
  // SIGKILL: no shutdown hooks, no lock file removed, nothing flushed by us.
  process.kill(process.pid, 'SIGKILL');
}
