/**
 * What an operator watches (GET /api/metrics, Prometheus text): request latency by route,
 * M-Pesa requests by kind, purpose and outcome with the age of the oldest still pending,
 * idempotent replays, job runs and their durations, and the database pool. One registry
 * per process; the M-Pesa and pool figures are read from the database when scraped, so
 * every instance reports the same shared truth for them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'mkopo_' });

export const httpDuration = new Histogram({
  name: 'mkopo_http_request_duration_seconds',
  help: 'API request latency by route (the route pattern, not the URL), method and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const idempotentReplays = new Counter({
  name: 'mkopo_idempotent_replays_total',
  help: 'Writes answered from a stored answer (an outbox or a client sent the same key again)',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
});

export const answerCacheReads = new Counter({
  name: 'mkopo_answer_cache_reads_total',
  help: 'Reads of routes whose answers are kept (server/plugins/answer-cache.ts), by route and outcome (hit: answered from memory; shared: waited for another request building the same answer; miss: built)',
  labelNames: ['route', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'mkopo_job_runs_total',
  help: 'Scheduled job runs by job and outcome (ran, skipped: another instance held the lock, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'mkopo_job_duration_seconds',
  help: 'How long a scheduled job run took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [metricsRegistry],
});

export const mpesaRequests = new Gauge({
  name: 'mkopo_mpesa_requests',
  help: 'M-Pesa requests by kind (stk, b2c), purpose and status (pending, succeeded, failed)',
  labelNames: ['kind', 'purpose', 'status'] as const,
  registers: [metricsRegistry],
});

export const mpesaOldestPending = new Gauge({
  name: 'mkopo_mpesa_oldest_pending_seconds',
  help: 'Age of the oldest M-Pesa request still waiting for its outcome, by kind (0: none); alert when a B2C passes 900',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const dbPool = new Gauge({
  name: 'mkopo_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting); absent on the embedded database',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

/** Runs a job's work, counting the run and timing it; null (skipped) when the lock was held. */
export async function measuredJob<T>(
  job: string,
  work: () => Promise<T | null>,
): Promise<T | null> {
  const end = jobDuration.startTimer({ job });
  try {
    const answer = await work();
    jobRuns.inc({ job, outcome: answer === null ? 'skipped' : 'ran' });
    return answer;
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' });
    throw error;
  } finally {
    end();
  }
}
