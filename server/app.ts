/**
 * Builds the Fastify instance: external plugins (security headers, rate limit, OpenAPI) → app plugins
 * (auth) → API routes under API_PREFIX → the PWA's static files. Tests build it too.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SerializerSelector, {
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authText } from '../src/i18n/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorHandler } from './lib/error-handler';
import { tokenService } from './lib/jwt';
import { registerInputGuard } from './lib/input-guard';
import { registerApiDocumentRules } from './lib/openapi';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { withLogSerializers } from './lib/log';
import { answerBeforeRouting, registerSecurityHeaders } from './lib/security-headers';
import { valibotValidatorCompiler } from './lib/validation';
import { createMailer, type Mailer } from './mail/mailer';
import { adminRoutes } from './modules/admin/routes';
import { administratorRoutes } from './modules/administrators/routes';
import { approvalRoutes } from './modules/approvals/routes';
import { agentRoutes } from './modules/agents/routes';
import { areaRoutes } from './modules/areas/routes';
import { loanPlanRoutes } from './modules/loan-plans/routes';
import { repaymentCycleRoutes } from './modules/repayment-cycles/routes';
import { authRoutes, sessionRoutes } from './modules/auth/routes';
import { businessTypeRoutes } from './modules/business-types/routes';
import { borrowerRoutes } from './modules/borrowers/routes';
import { businessRoutes } from './modules/businesses/routes';
import { capitalRoutes } from './modules/capital/routes';
import { crbRoutes } from './modules/crb/routes';
import { jobRoutes } from './modules/jobs/routes';
import { loanRoutes } from './modules/loans/routes';
import { mpesaDecisionRoutes } from './modules/mpesa/decision-routes';
import { mpesaCallbackRoutes } from './modules/mpesa/routes';
import { registerMpesaSettlers } from './modules/mpesa/settlers';
import { postCapital } from './modules/capital/ledger';
import { settlePayerRefund } from './modules/paybills/payer-refunds';
import { postWallet, receiveRepayment } from './modules/repayments/service';
import { repaymentRoutes } from './modules/repayments/routes';
import { fineRoutes } from './modules/fines/routes';
import { refundRoutes } from './modules/refunds/routes';
import { matchingRoutes } from './modules/matching/routes';
import { paybillRoutes } from './modules/paybills/routes';
import { documentRoutes } from './modules/documents/routes';
import { lenderRoutes } from './modules/lenders/routes';
import { regionRoutes } from './modules/regions/routes';
import { reportRoutes } from './modules/reports/routes';
import { healthRoutes } from './modules/health/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { httpDuration, idempotentReplays } from './lib/metrics';
import { followUpRoutes } from './modules/follow-ups/routes';
import { loanFileRoutes } from './modules/loan-files/routes';
import { scheduleSmsJob } from './jobs/sms';
import { smsOutbox } from './modules/sms/outbox';
import { smsRoutes } from './modules/sms/routes';
import { statementRoutes } from './modules/statements/routes';
import { complaintRoutes } from './modules/complaints/routes';
import { workingSetRoutes } from './modules/working-set/routes';
import { authPlugin } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { idempotencyPlugin } from './plugins/idempotency';
import { createAnswerCache } from './plugins/answer-cache';
import { wireBytesPlugin } from './plugins/wire-bytes';
import type { Deps } from './modules/deps';
import { createGateway } from './mpesa/create-gateway';
import type { MpesaGateway } from './mpesa/port';
import type { SimulatorGateway } from './mpesa/simulator';
import { projectRoot } from './paths';
import { resolveCallbackSecret, resolveMfaSecretKey, resolveSmsCallbackSecret } from './secrets';
import { factorSecrets } from './modules/auth/factor-secret';
import { secondFactorRoutes } from './modules/auth/factor-routes';
import { createSmsGateway } from './sms/create-gateway';
import type { SmsGateway } from './sms/port';
import { createStorage } from './storage/create-storage';
import type { FileStorage } from './storage/storage';

// The server tests check this classification through the app module.
export { isDataException } from './lib/error-handler';

export type AppOptions = {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP or folder mailer (mails go to DATA_DIR/mail when SMTP_URL is unset). */
  mailer?: Mailer;
  /** Replaces the storage chosen by the S3_* settings. */
  storage?: FileStorage;
  /** Replaces the M-Pesa adapter chosen by MPESA_MODE. */
  mpesa?: MpesaGateway;
  /** Replaces the SMS adapter chosen by SMS_MODE. */
  sms?: SmsGateway;
  /** The clock of quiet hours and reminders (default: the system's); tests set it. */
  now?: () => Date;
  /** Where the built PWA is (default dist/); tests serve a small stand-in. */
  clientDir?: string;
};

/** Every API module, registered under API_PREFIX in this order. */
const apiModules = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  sessionRoutes,
  secondFactorRoutes,
  lenderRoutes,
  documentRoutes,
  regionRoutes,
  businessTypeRoutes,
  approvalRoutes,
  administratorRoutes,
  adminRoutes,
  businessRoutes,
  areaRoutes,
  repaymentCycleRoutes,
  loanPlanRoutes,
  agentRoutes,
  borrowerRoutes,
  loanRoutes,
  capitalRoutes,
  repaymentRoutes,
  fineRoutes,
  refundRoutes,
  matchingRoutes,
  paybillRoutes,
  followUpRoutes,
  loanFileRoutes,
  reportRoutes,
  crbRoutes,
  mpesaCallbackRoutes,
  mpesaDecisionRoutes,
  smsRoutes,
  statementRoutes,
  complaintRoutes,
  workingSetRoutes,
  jobRoutes,
];

/** How often queued SMS are looked for, besides the passes after each money event. */
const SMS_SWEEP_INTERVAL_MS = 60_000;

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // M-Pesa settles into books that other modules keep: they are handed to it here.
  registerMpesaSettlers({
    capital: postCapital,
    wallet: postWallet,
    repayment: receiveRepayment,
    payerRefund: settlePayerRefund,
  });
  const app = Fastify({
    logger: withLogSerializers(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (reqId), and every answer tells it
    // (X-Request-Id), so a user's "Reference: …" finds the lines. A balancer's id is
    // kept when it is a plain token; anything else gets a fresh one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: { compilersFactory: { buildSerializer: serializersAtFirstUse() } },
    frameworkErrors: answerBeforeRouting,
  });
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/loan/:id), never the URL: ids would explode the series.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.getHeader('idempotent-replayed') === 'true') idempotentReplays.inc({ route });
  });
  closeConnectionsThatGoIdle(app);
  app.setErrorHandler(errorHandler);
  registerInputGuard(app);
  registerApiDocumentRules(app);

  await registerSecurityHeaders(app, config);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database: every instance on one database shares the counts.
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: authText.tooManyAttempts,
    }),
  });
  await app.register(fastifySwagger, {
    // A shared schema (the ErrorView) is a component under its own $id.
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    openapi: {
      info: {
        title: 'Mkopo API',
        version: '1',
        description:
          'The REST API of Mkopo. Every error answers the ErrorView { statusCode, message, errors?, code? }: message is a sentence a user can read, errors names the first message of each refused field, and code, when present, is a machine-readable marker (second_factor_enrolment_required, second_factor_step_up_required). Each operation lists the error statuses it can answer. ' +
          'Operations that need a signed-in user carry the bearer requirement (an access token from /auth/{role}/login). ' +
          'A path id is a whole number from 1 to 999,999,999,999,999 written plainly: anything else answers 400 on every route, and an id that names no record of yours answers 404. Paged lists take page (1 to 1,000,000) and limit (1 to 100). ' +
          'Every POST, PUT and PATCH of a signed-in user accepts an Idempotency-Key header (8–200 of A–Z a–z 0–9 . _ : -): the first successful answer for (user, key) is stored and every repeat gets it back, marked Idempotent-Replayed: true, without the work being done again; the same key on a different request answers 422.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      servers: [{ url: config.apiPrefix }],
    },
  });

  const tokens = tokenService(options.jwtSecret, config.jwtTtlSeconds);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      mailDir: path.join(config.dataDir, 'mail'),
    });
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 50, fieldSize: 100_000 },
  });
  await app.register(authPlugin, { db: database.db, tokens });
  await app.register(idempotencyPlugin, { db: database.db });
  const storage =
    options.storage ??
    createStorage(config, {
      secret: options.jwtSecret,
      baseUrl: () => `${config.publicUrl}${config.apiPrefix}`,
    });

  const callbackSecret = resolveCallbackSecret(config.mpesa.callbackSecret, config.dataDir);
  const gateway = options.mpesa ?? createGateway(config, callbackSecret, app.log, database.db);
  if (gateway.kind === 'simulator' && 'start' in gateway) {
    const simulator = gateway as SimulatorGateway;
    // The simulator delivers what it owes once the server can receive it, and stops on
    // close (before the database does).
    app.addHook('onListen', async () => simulator.start());
    app.addHook('onClose', async () => simulator.close());
  }
  const mpesa: MpesaGateway = gateway;
  const c2bShortCode = config.mpesa.daraja?.shortCode;
  if (mpesa.registerC2bUrls && c2bShortCode) {
    // Safaricom posts paybill payments only to registered URLs; register ours at every
    // start (Daraja answers "already registered" harmlessly). A failure must not stop
    // the API: it is logged, and payments stay matchable by hand.
    const register = mpesa.registerC2bUrls;
    app.addHook('onReady', async () => {
      register(c2bShortCode).then(
        () => app.log.info({ shortCode: c2bShortCode }, 'M-Pesa C2B URLs registered'),
        (error: unknown) =>
          app.log.warn(
            { err: error, shortCode: c2bShortCode },
            'M-Pesa C2B URL registration failed',
          ),
      );
    });
  }
  const now = options.now ?? (() => new Date());
  const sms = options.sms ?? createSmsGateway(config, app.log);
  const outbox = smsOutbox({
    db: database.db,
    gateway: sms,
    now,
    log: app.log,
    context: { platformShortCode: config.mpesa.platformShortCode },
    quietHours: config.sms.quietHours,
  });
  // What a stop left queued goes at start (quiet hours allowing).
  app.addHook('onReady', async () => void outbox.flush());
  if (config.jobsEnabled) {
    // A sweep catches what no pass was asked for; the hourly job writes the reminders.
    const timer = setInterval(() => void outbox.flush(), SMS_SWEEP_INTERVAL_MS);
    timer.unref();
    const stopJob = scheduleSmsJob(database, outbox, {
      now,
      log: (error) => app.log.error({ err: error }, 'SMS job failed'),
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await stopJob();
    });
  }
  app.addHook('onClose', async () => outbox.flush());
  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokens,
    factorSecrets: factorSecrets(resolveMfaSecretKey(config.mfaSecretKey, config.dataDir)),
    mailer,
    storage,
    mpesa,
    callbackSecret,
    sms,
    smsOutbox: outbox,
    smsCallbackSecret: resolveSmsCallbackSecret(config.sms.callbackSecret, config.dataDir),
    now,
  };
  await app.register(
    async (api) => {
      await api.register(wireBytesPlugin, { answers: createAnswerCache(now) });
      for (const routes of apiModules) await api.register(routes, deps);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: config.apiPrefix },
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: `${config.apiPrefix}/docs`,
    // No badge from validator.swagger.io: the page loads nothing from other origins.
    uiConfig: { validatorUrl: null },
  });

  await app.register(clientPlugin, {
    config,
    dist: options.clientDir ?? path.join(projectRoot, 'dist'),
  });
  return app;
}

/**
 * Fastify compiles every route's answer serialisers before it listens: about a sixth of a
 * start's CPU, for routes most instances answer rarely. Each is compiled at its route's
 * first answer instead, into the same fast-json-stringify serialiser.
 */
function serializersAtFirstUse(): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      return (data) => (serialize ??= compile(route))(data);
    };
  };
}

/**
 * On close, Node closes the connections that are idle at that moment; one still
 * answering a request (an M-Pesa callback, a phone's sync) would then stay open for
 * the whole keep-alive timeout after its answer. Close each as soon as it goes idle.
 */
function closeConnectionsThatGoIdle(app: FastifyInstance) {
  app.addHook('preClose', async () => {
    const timer = setInterval(() => app.server.closeIdleConnections(), 50);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
  });
}
