/**
 * Every environment variable the server reads, parsed and validated in one place.
 * A bad value stops start-up with one line naming the variable.
 */
import path from 'node:path';
import * as v from 'valibot';
import { ConfigError } from './config-error';
import { parseDarajaSettings, type DarajaSettings } from './mpesa/daraja';
import { parseAfricasTalkingSettings, type AfricasTalkingSettings } from './sms/africastalking';

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  /** Unset: PGlite inside dataDir. "memory://": an in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  /** The embedded database's page cache (PostgreSQL's shared_buffers), in MB. */
  pgliteCacheMb: number;
  jwtSecret: string | undefined;
  /** The key the second factors' secrets are encrypted under (generated into dataDir when unset). */
  mfaSecretKey: string | undefined;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword: string | undefined;
  apiPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authRateLimitPerIp: number;
  authRateLimitPerEmail: number;
  /** Serve the built PWA from dist/ (false in API-only tests). */
  serveClient: boolean;
  /** Trust X-Forwarded-For from a load balancer in front (rate limits use the client address). */
  trustProxy: boolean;
  logLevel: string;
  /** The bearer token GET /api/metrics asks for (METRICS_TOKEN); unset: metrics are off. */
  metricsToken: string | undefined;
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: number;
  mpesa: {
    mode: 'simulator' | 'daraja';
    /** Delay before the simulator posts its callback. */
    simulatorDelayMs: number;
    /** The secret path segment of the callback URLs; generated in DATA_DIR when unset. */
    callbackSecret: string | undefined;
    /** The Daraja credentials and shortcodes; set (and checked at start-up) in daraja mode. */
    daraja: DarajaSettings | undefined;
    /**
     * The platform's own paybill (MPESA_SHORTCODE): a C2B payment to it is applied to the
     * loan whose code is the account, whichever business the loan belongs to. In simulator
     * mode it defaults to Daraja's sandbox paybill, so `npm run mpesa:pay` works as is.
     */
    platformShortCode: string;
  };
  sms: {
    mode: 'simulator' | 'africastalking';
    /** The secret path segment of the delivery-report URL; generated in DATA_DIR when unset. */
    callbackSecret: string | undefined;
    /** Africa's Talking's account and sender id; set (and checked at start-up) in that mode. */
    africastalking: AfricasTalkingSettings | undefined;
    /**
     * Hours (Africa/Nairobi) in which no SMS leaves: from `from`:00 until `until`:00
     * (SMS_QUIET_HOURS=20-7, the default); equal hours mean none.
     */
    quietHours: { from: number; until: number };
  };
  /** Days after the due date an unpaid loan becomes default. */
  defaultAfterDays: number;
  /** Records per answer while a phone fills its working set (GET /agent/working-set). */
  workingSetChunk: number;
  /** Run the daily fines job inside the server process. */
  jobsEnabled: boolean;
  /**
   * Apply pending migrations when the server starts (default on the embedded database);
   * on PostgreSQL `npm run db:migrate` does it, and a server refuses a database behind.
   */
  migrateOnStart: boolean;
  /**
   * VITE_API_BASE_URL, the API base the client was built with: when it is absolute, its
   * origin is allowed in the Content-Security-Policy's connect-src.
   */
  clientApiBaseUrl: string | undefined;
  /** Set when S3_ENDPOINT is: documents go to that S3-compatible store. */
  s3:
    | { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string }
    | undefined;
};

export { ConfigError };

type Env = Record<string, string | undefined>;

/** The platform's paybill in simulator mode: Daraja's sandbox paybill (Lipa na M-Pesa). */
export const SIMULATOR_SHORTCODE = '174379';

/**
 * PGLITE_CACHE_MB's default. PostgreSQL's own, 128 MB, made each embedded start about
 * 0.3 s longer on this machine (PGlite opened in 1.0 s against 0.7 s; the README's "Start
 * time"), and each in-memory database of the tests too, for reads no faster: bench:api's
 * and bench:reports' reads on 100,000 loans were as fast or faster with 32 MB. Pages the
 * cache drops are read again through the operating system's file cache.
 */
export const PGLITE_CACHE_MB = 32;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

const DURATION = /^(\d+)\s*([smhd])$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

function duration(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const match = DURATION.exec(raw);
  if (!match) throw new ConfigError(name, `must look like 30m, 12h or 7d, got "${raw}"`);
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  if (seconds < 60) throw new ConfigError(name, 'must be at least one minute');
  return seconds;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function email(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  if (!v.safeParse(v.pipe(v.string(), v.email()), raw).success) {
    throw new ConfigError(name, `must be an email address, got "${raw}"`);
  }
  return raw.toLowerCase();
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  const databaseUrl =
    read(env, 'DATABASE_URL') === 'memory://'
      ? 'memory://'
      : url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);

  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }

  const mfaSecretKey = read(env, 'MFA_SECRET_KEY');
  if (mfaSecretKey !== undefined && mfaSecretKey.length < 32) {
    throw new ConfigError('MFA_SECRET_KEY', 'must be at least 32 characters long');
  }

  const adminPassword = read(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }

  const apiPrefix = read(env, 'API_PREFIX') ?? '/api';
  if (!/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(apiPrefix)) {
    throw new ConfigError('API_PREFIX', `must start with / and not end with /, got "${apiPrefix}"`);
  }

  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const publicUrl = (
    url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${publicHost}:${port}`
  ).replace(/\/+$/, '');

  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      'must be one of fatal, error, warn, info, debug, trace, silent',
    );
  }

  const mpesaMode = read(env, 'MPESA_MODE') ?? 'simulator';
  if (mpesaMode !== 'simulator' && mpesaMode !== 'daraja') {
    throw new ConfigError('MPESA_MODE', `must be simulator or daraja, got "${mpesaMode}"`);
  }
  const callbackSecret = read(env, 'MPESA_CALLBACK_SECRET');
  if (callbackSecret !== undefined && !/^[A-Za-z0-9_-]{16,}$/.test(callbackSecret)) {
    throw new ConfigError('MPESA_CALLBACK_SECRET', 'must be at least 16 letters, digits, - or _');
  }

  const daraja = mpesaMode === 'daraja' ? parseDarajaSettings(env) : undefined;
  const platformShortCode =
    daraja?.shortCode ?? read(env, 'MPESA_SHORTCODE') ?? SIMULATOR_SHORTCODE;
  if (!/^\d{5,7}$/.test(platformShortCode)) {
    throw new ConfigError(
      'MPESA_SHORTCODE',
      `must be a shortcode of 5 to 7 digits, got "${platformShortCode}"`,
    );
  }

  const smsMode = read(env, 'SMS_MODE') ?? 'simulator';
  if (smsMode !== 'simulator' && smsMode !== 'africastalking') {
    throw new ConfigError('SMS_MODE', `must be simulator or africastalking, got "${smsMode}"`);
  }
  const smsCallbackSecret = read(env, 'SMS_CALLBACK_SECRET');
  if (smsCallbackSecret !== undefined && !/^[A-Za-z0-9_-]{16,}$/.test(smsCallbackSecret)) {
    throw new ConfigError('SMS_CALLBACK_SECRET', 'must be at least 16 letters, digits, - or _');
  }

  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 200 printable characters without spaces');
  }

  const quiet = /^(\d{1,2})-(\d{1,2})$/.exec(read(env, 'SMS_QUIET_HOURS') ?? '20-7');
  const quietHours = quiet ? { from: Number(quiet[1]), until: Number(quiet[2]) } : undefined;
  if (!quietHours || quietHours.from > 23 || quietHours.until > 23) {
    throw new ConfigError('SMS_QUIET_HOURS', 'must be two hours of the day like 20-7');
  }

  return {
    sms: {
      mode: smsMode,
      quietHours,
      callbackSecret: smsCallbackSecret,
      africastalking: smsMode === 'africastalking' ? parseAfricasTalkingSettings(env) : undefined,
    },
    mpesa: {
      mode: mpesaMode,
      simulatorDelayMs: integer(env, 'MPESA_SIM_DELAY_MS', 1000, 0, 600_000),
      callbackSecret,
      daraja,
      platformShortCode,
    },
    defaultAfterDays: integer(env, 'DEFAULT_AFTER_DAYS', 30, 1, 3650),
    workingSetChunk: integer(env, 'WORKING_SET_CHUNK', 2000, 1, 20_000),
    pgliteCacheMb: integer(env, 'PGLITE_CACHE_MB', PGLITE_CACHE_MB, 8, 4096),
    jobsEnabled: boolean(env, 'JOBS_ENABLED', true),
    migrateOnStart: boolean(
      env,
      'MIGRATE_ON_START',
      databaseUrl === undefined || databaseUrl === 'memory://',
    ),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    s3: s3Settings(env),
    clientApiBaseUrl: read(env, 'VITE_API_BASE_URL'),
    host,
    port,
    dataDir,
    databaseUrl,
    jwtSecret,
    mfaSecretKey,
    jwtTtlSeconds: duration(env, 'JWT_TTL', 7 * 86400),
    adminEmail: email(env, 'ADMIN_EMAIL', 'admin@mkopo.local'),
    adminPassword,
    apiPrefix,
    publicUrl,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: email(env, 'MAIL_FROM', 'no-reply@mkopo.local'),
    authRateLimitPerIp: integer(env, 'AUTH_RATE_LIMIT_PER_IP', 300, 1, 1_000_000),
    authRateLimitPerEmail: integer(env, 'AUTH_RATE_LIMIT_PER_EMAIL', 10, 1, 1_000_000),
    serveClient: read(env, 'SERVE_CLIENT') !== 'false',
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    logLevel,
    metricsToken,
  };
}

function s3Settings(env: Env): Config['s3'] {
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  if (!endpoint) return undefined;
  const required = (name: string) => {
    const value = read(env, name);
    if (!value) throw new ConfigError(name, 'is required when S3_ENDPOINT is set');
    return value;
  };
  return {
    endpoint,
    bucket: required('S3_BUCKET'),
    accessKey: required('S3_ACCESS_KEY'),
    secretKey: required('S3_SECRET_KEY'),
    region: read(env, 'S3_REGION') ?? 'us-east-1',
  };
}
