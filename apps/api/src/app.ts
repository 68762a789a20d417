// buildApp(): the whole server as a Fastify instance, without listening (tests use inject()).
// Plugins in the order they act on a request: cookies → security headers → rate limits → CSRF →
// error handler → TAXII → API routes from the contract → dev mailbox → web app.

import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AppContext, defaultLimits, type Limits } from './app-context.js';
import { type AppConfig, webDistExists } from './config/env.js';
import type { DatabaseHandle } from './db/connect.js';
import { demoAnchor, loadMonitoringDemo } from './demo/monitoring-demo.loader.js';
import { accountRoutes } from './identity/account/account.routes.js';
import { apiTokensRoutes } from './identity/api-tokens/api-tokens.routes.js';
import { authRoutes } from './identity/auth/auth.routes.js';
import { clientsRoutes } from './identity/clients/clients.routes.js';
import { membersRoutes } from './identity/members/members.routes.js';
import { createOidcClient, type OidcClient, type OidcSettings } from './identity/microsoft/microsoft.client.js';
import { microsoftRoutes } from './identity/microsoft/microsoft.routes.js';
import { preferencesRoutes } from './identity/preferences/preferences.routes.js';
import { sessionRoutes } from './identity/session/session.routes.js';
import { twoFactorRoutes } from './identity/two-factor/two-factor.routes.js';
import { moduleRegistry } from './modules.js';
import { adminRoutes } from './platform/admin/admin.routes.js';
import { advisorRoutes } from './platform/advisor/advisor.routes.js';
import { advisorMcpRoutes } from './platform/advisor/advisor-mcp.routes.js';
import { alertsRoutes } from './platform/alerts/alerts.routes.js';
import { registerBackupRoute } from './platform/backup/backup.js';
import { dashboardRoutes } from './platform/dashboard/dashboard.routes.js';
import { eventsRoutes } from './platform/events/events.routes.js';
import { findingsRoutes } from './platform/findings/findings.routes.js';
import { importsRoutes, registerUploadParser } from './platform/imports/imports.routes.js';
import { insightsRoutes } from './platform/insights/insights.routes.js';
import { createJobWorker, type JobWorker } from './platform/jobs/job-worker.js';
import { createMailDelivery, type MailDelivery } from './platform/mail/mail.delivery.js';
import { createMetrics, registerMetrics } from './platform/observability/metrics.js';
import { portfolioRoutes } from './platform/portfolio/portfolio.routes.js';
import { providersRoutes } from './platform/providers/providers.routes.js';
import { reportsRoutes } from './platform/reports/reports.routes.js';
import { riskRoutes } from './platform/risk/risk.routes.js';
import { searchRoutes } from './platform/search/search.routes.js';
import { systemRoutes, workerOnly } from './platform/system/system.routes.js';
import { registerTaxii } from './platform/taxii/taxii.routes.js';
import { apiRoutesPlugin, loadContract, type OpenApiDocument, withoutTags } from './plugins/api-routes.plugin.js';
import { sharedSchemaController } from './plugins/compiled-schemas.js';
import { csrfPlugin } from './plugins/csrf.plugin.js';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.js';
import { dateRangeFormats } from './plugins/input-rules.js';
import { loggerOptions } from './plugins/logging.js';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.js';
import { webAppPlugin } from './plugins/web-app.plugin.js';
import type { RouteDeps } from './route-table.js';
import { settleAfterResponse } from './shared/after-response.js';
import { type Clock, systemClock } from './shared/clock.js';
import { hmac } from './shared/secrets.js';
import { messages, ServiceError } from './shared/service-error.js';
import './fastify-types.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  cookieSecret: string;
  /** Base URL the browser sees; default from config, else http://HOST:PORT. */
  publicUrl?: string;
  clock?: Clock;
  limits?: Partial<Limits>;
  /** OpenID provider for "Sign in with Microsoft" (Microsoft, or the local provider offline). */
  oidc?: Omit<OidcSettings, 'redirectUri'> | OidcClient;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Close the database when the app closes (default true). */
  ownsDatabase?: boolean;
  /** PGlite: the token `npm run backup` presents at GET /ops/backup (written under DATA_DIR at start). */
  backupToken?: string;
}

export interface VigilApp extends FastifyInstance {
  ctx: AppContext;
  mail: MailDelivery;
  contract: OpenApiDocument;
  /** The import-job worker (started when the app is ready, stopped before it closes). */
  jobs: JobWorker;
}

function isOidcClient(value: Omit<OidcSettings, 'redirectUri'> | OidcClient): value is OidcClient {
  return 'redeem' in value;
}

export async function buildApp(options: BuildAppOptions): Promise<VigilApp> {
  const { config, database } = options;
  const publicUrl = options.publicUrl ?? config.publicUrl ?? `http://${config.host}:${config.port}`;
  const secure = publicUrl.startsWith('https://');
  const limits: Limits = { ...defaultLimits, ...options.limits };
  const clock = options.clock ?? systemClock;

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // The client's address (rate limits, audit log) from X-Forwarded-For only when a trusted proxy sent it.
    trustProxy: config.trustProxy ?? (secure ? 'loopback' : false),
    bodyLimit: 64 * 1024,
    // Dates of every request within the years the database holds (plugins/input-rules.ts). A field
    // the contract does not allow (additionalProperties: false) is a 422 naming it, not dropped.
    ajv: {
      customOptions: { allErrors: true, allowUnionTypes: true, removeAdditional: false },
      onCreate: dateRangeFormats,
    },
    // The contract's validators and serializers compiled once per process (plugins/compiled-schemas.ts).
    schemaController: sharedSchemaController,
  });

  const mail = createMailDelivery({
    db: database.db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    pingDb: () => database.ping(),
    clock,
    config,
    publicUrl,
    codeKey: hmac(options.cookieSecret, 'vigil two-factor codes'),
    mail,
    limits,
    modules: moduleRegistry,
  };
  const redirectUri = `${publicUrl}/api/auth/microsoft/callback`;
  const oidc = options.oidc
    ? isOidcClient(options.oidc)
      ? options.oidc
      : createOidcClient({ ...options.oidc, redirectUri })
    : undefined;
  const deps: RouteDeps = { ctx, oidc, cookies: { secure } };
  const production = config.nodeEnv === 'production';
  const devMailbox = !production && mail.mode === 'outbox';
  const contract = devMailbox ? loadContract() : withoutTags(loadContract(), ['dev']);
  // Development tooling (src/dev/) loads only when used, so production never reaches it.
  const mailbox = devMailbox ? await import('./dev/mailbox/mailbox.routes.js') : undefined;

  app.decorate('ctx', ctx);
  app.decorate('mail', mail);
  app.decorate('contract', contract);
  const metrics = createMetrics(ctx, database, () => jobs);
  const jobs = createJobWorker(ctx, app.log, { onJobEnded: metrics.jobEnded });
  app.decorate('jobs', jobs);
  app.decorateRequest('auth', null);

  // JSON bodies: an empty body (a client sending content-type on a bodyless POST) is no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(body, (key, value) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      done(new ServiceError('invalid', 'Malformed JSON body.'), undefined);
    }
  });
  registerUploadParser(app, limits.uploadBytes);
  // A worker (VIGIL_ROLE=worker) listens for its probes and metrics only: refused before any other hook.
  if (config.role === 'worker') app.addHook('onRequest', workerOnly);
  await app.register(fastifyCookie, { secret: options.cookieSecret });
  await app.register(securityHeadersPlugin, { https: secure });
  await app.register(fastifyRateLimit, {
    global: limits.globalPerMinute > 0,
    max: limits.globalPerMinute > 0 ? limits.globalPerMinute : 1_000_000,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new ServiceError(
        'rate_limited',
        { message: messages.tooMany },
        { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      ),
  });
  await app.register(csrfPlugin, { secure });
  await app.register(errorHandlerPlugin);
  registerMetrics(app, metrics, config.metricsToken);
  if (options.backupToken && database.dump) registerBackupRoute(app, options.backupToken, database.dump);
  // TAXII 2.1 at /taxii2/: outside the contract, with its own media type and error body (ADR 0049).
  registerTaxii(app, ctx);
  await app.register(apiRoutesPlugin, {
    deps,
    contract,
    sensitivePerMinute: limits.sensitivePerMinute,
    routes: {
      ...systemRoutes(deps, jobs),
      ...authRoutes(deps),
      ...sessionRoutes(deps),
      ...clientsRoutes(deps),
      ...preferencesRoutes(deps),
      ...twoFactorRoutes(deps),
      ...accountRoutes(deps),
      ...apiTokensRoutes(deps),
      ...microsoftRoutes(deps),
      ...adminRoutes(deps),
      ...membersRoutes(deps),
      ...findingsRoutes(deps),
      ...eventsRoutes(deps),
      ...importsRoutes(deps, jobs),
      ...moduleRegistry.routes(deps),
      ...dashboardRoutes(deps),
      ...riskRoutes(deps),
      ...insightsRoutes(deps),
      ...reportsRoutes(deps),
      ...searchRoutes(deps),
      ...advisorRoutes(deps),
      ...portfolioRoutes(deps),
      ...providersRoutes(deps),
      ...alertsRoutes(deps, () => jobs.wake()),
      ...advisorMcpRoutes(deps),
      ...(mailbox ? mailbox.devRoutes(deps) : {}),
    },
  });
  if (mailbox) mailbox.registerDevMailboxPage(app, ctx);
  await app.register(webAppPlugin, { root: webDistExists(config) ? config.webDist : undefined });

  app.addHook('onReady', async () => {
    for (const module of moduleRegistry.modules) await module.referenceData?.(ctx.db, clock.now());
    // First start in development: queue the demo data set through the importers (once).
    if (config.nodeEnv === 'development') await loadMonitoringDemo(ctx, demoAnchor(clock.now()));
    // An API-only process enqueues work and never claims it (VIGIL_ROLE=api, ADR 0011).
    if (config.role !== 'api') jobs.start();
  });
  // The worker stops (its job handed back to the queue), and the work after responses ends, before
  // the database closes.
  app.addHook('preClose', async () => {
    await jobs.close();
    await settleAfterResponse(ctx);
  });
  app.addHook('onClose', async () => {
    await mail.flush();
    mail.close();
    if (options.ownsDatabase ?? true) await database.close();
  });
  // The decorations above make the instance a VigilApp.
  return app as unknown as VigilApp;
}
