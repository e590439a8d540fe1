import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { ReadRouting } from './db/read-routing';
import { systemClock, type Clock } from './lib/clock';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/auth-routes';
import type { AuthService } from './modules/auth/auth-service';
import { accountRoutes } from './modules/auth/account-routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { passkeyAccountRoutes, passkeySignInRoutes } from './modules/auth/passkey-routes';
import { activityRoutes } from './modules/activity/activity-routes';
import { adsRoutes } from './modules/ads/ads-routes';
import { advertiserMessagesRoutes } from './modules/advertiser-messages/advertiser-messages-routes';
import { AdvertiserOutbox } from './messages/advertiser-outbox';
import { createStorage } from './storage/create-storage';
import type { FileStorage } from './storage/file-storage';
import { PublicImageUrls } from './storage/public-image-urls';
import { healthRoutes } from './modules/health/health-routes';
import { bannerAdsRoutes } from './modules/banners/banner-ads-routes';
import { claimsRoutes } from './modules/claims/claims-routes';
import { LiveHub, type LiveOptions } from './modules/live/live-hub';
import { liveRoutes } from './modules/live/live-routes';
import { rejectionReasonsRoutes } from './modules/rejection-reasons/rejection-reasons-routes';
import { secondReviewRoutes } from './modules/second-review/second-review-routes';
import { AnalysisWorker } from './modules/signals/analysis-worker';
import { signalsRoutes } from './modules/signals/signals-routes';
import { signalsListsRoutes } from './modules/signals/signals-lists-routes';
import { queuesRoutes } from './modules/queues/queues-routes';
import { rulesRoutes } from './modules/rules/rules-routes';
import { RuleBacktests } from './modules/rules/rules-backtest';
import { rulesBacktestRoutes } from './modules/rules/rules-backtest-routes';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes';
import { dutiesRoutes } from './modules/duties/duties-routes';
import { exportsRoutes } from './modules/exports/exports-routes';
import type { ModuleDeps } from './modules/module-deps';
import { packagesRoutes } from './modules/packages/packages-routes';
import { productsRoutes } from './modules/products/products-routes';
import { strikesRoutes } from './modules/strikes/strikes-routes';
import { usersRoutes } from './modules/users/users-routes';
import { publicReportsRoutes, reportsRoutes } from './modules/reports/reports-routes';
import { InteractiveLoad, registerInteractiveLoad } from './lib/interactive-load';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { registerRequestOrder } from './plugins/request-order';
import { registerCsrf } from './plugins/csrf';
import { registerOwnOrigin } from './plugins/own-origin';
import {
  frameworkErrors,
  helmetOptions,
  registerHostCheck,
  registerNoStore,
  registerSecurityHeaders,
} from './plugins/edge-guards';
import { registerErrorHandler } from './plugins/error-handler';
import { docsRoutes, registerOpenApi } from './plugins/openapi';
import { guardAdminsOnly } from './plugins/sessions';
import { guardPermissions } from './modules/access/access-guard';
import { registerStaticFiles } from './plugins/static-files';
import type { RouteEntry } from './plugins/method-not-allowed';
import { registerUploadSweep } from './plugins/upload-sweep';
import { validatorCompiler } from './plugins/validator';
import { serializerCompiler } from './plugins/serializer';
import { buildServices } from './services';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** false silences the log (tests); a stream receives the JSON log lines instead of stdout. */
  logger?: false;
  logStream?: { write(line: string): void };
  /** Sign-in attempts per address per minute before the cheap in-memory limiter answers 429. */
  signInPerMinute?: number;
  /** How long decisions must pause before their messages are relayed and delivered (tests shorten it). */
  messageQuietMs?: number;
  /** Where uploaded and ad images live; as configured (DATA_DIR/uploads or S3_BUCKET) unless given (tests inject faults). */
  storage?: FileStorage;
  /** The event stream's heartbeat and limits (tests tick the heartbeat by hand). */
  live?: LiveOptions;
  /**
   * Whether this process analyses new ads for trust signals (docs/decisions/0029-trust-signals.md);
   * true unless given. buildTestApp leaves it off unless a test asks, so other tests' ads stay as made.
   */
  analyseAds?: boolean;
  /** Draws for sampling decisions into second review; Math.random unless given (tests make it certain). */
  random?: () => number;
};

export type App = FastifyInstance;

/** With S3_PUBLIC_URL, images are answered on (and /uploads redirects to) that host: pages must be allowed to show them. */
function withImageOrigin(options: typeof helmetOptions, publicUrl: string | undefined): typeof helmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!publicUrl || typeof csp !== 'object') return options;
  const imgSrc = (csp.directives?.['img-src'] ?? []) as string[];
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, 'img-src': [...imgSrc, new URL(publicUrl).origin] },
    },
  };
}

const loggerOptions = (level: string) => ({
  level,
  // Logs never hold passwords, tokens or cookies (docs/decisions/0013-errors-and-validation.md).
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      '*.password',
      '*.passwordHash',
      '*.token',
    ],
    censor: '[redacted]',
  },
});

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // A hop count as a function: Fastify's types leave numbers out, proxy-addr counts hops the same way.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error, request, reply) =>
      frameworkErrors(error, request as FastifyRequest, reply as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // With S3_PUBLIC_URL every image URL answered is absolute on that host (storage/public-image-urls.ts).
  const publicImages = config.s3?.publicUrl ? new PublicImageUrls(config.s3.publicUrl) : undefined;
  app.setSerializerCompiler(publicImages ? publicImages.serializer(serializerCompiler) : serializerCompiler);
  app.decorate('publicImages', publicImages);
  registerErrorHandler(app);
  if (database.requestOrder) registerRequestOrder(app, database.requestOrder);
  const interactiveLoad = new InteractiveLoad();
  registerInteractiveLoad(app, interactiveLoad);
  // The route table, for the security tests that must cover every route (issue 8).
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
    }
  });
  await registerOpenApi(app, { publicOrigin: config.publicOrigin });

  registerSecurityHeaders(app, withImageOrigin(helmetOptions, config.s3?.publicUrl));
  registerNoStore(app);
  registerHostCheck(app, {
    publicOrigin: config.publicOrigin,
    allowedOrigins: config.allowedOrigins,
    listenHost: config.host,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerOwnOrigin(app, config.publicOrigin);
  registerCsrf(app, config.allowedOrigins);

  const storage = deps.storage ?? createStorage(config);
  app.decorate('storage', storage);
  if (publicImages) {
    publicImages.makeThumbnailsIn(storage, app.log);
    app.addHook('onClose', () => publicImages.close());
  }
  const outbox = new AdvertiserOutbox({
    db: database.db,
    kind: database.kind,
    databaseUrl: database.url,
    clock,
    config: config.messages,
    dataDir: config.dataDir,
    log: app.log,
    quietMs: deps.messageQuietMs,
  });
  await outbox.start();
  app.addHook('onClose', () => outbox.close());
  app.decorate('advertiserOutbox', outbox);
  // The lists' reads on the replica when there is one and it is fresh enough (docs/decisions/0037-read-replica.md).
  const reads = new ReadRouting(database.db, database.replica, config.replica?.maxLagMs ?? 0, (err) =>
    app.log.warn({ err }, 'read replica unreachable: reads go to the primary'),
  );
  reads.start();
  app.addHook('onClose', () => reads.close());
  const moduleDeps: ModuleDeps = {
    db: database.db,
    reader: reads.reader,
    storage,
    clock,
    log: app.log,
    outbox,
    random: deps.random,
  };
  // Every module's service, once; each route plugin below gets the ones it uses.
  const services = buildServices(moduleDeps, config);
  const { auth, twoFactor, passkeys, reports } = services;
  app.decorate('auth', auth);

  await app.register(healthRoutes, { db: database.db, reads });
  await app.register(publicAuthRoutes, {
    auth,
    sessionTtlSeconds: config.sessionTtlSeconds,
    signInPerMinute: deps.signInPerMinute ?? 60,
  });
  await app.register(twoFactorRoutes, {
    auth,
    twoFactor,
    sessionTtlSeconds: config.sessionTtlSeconds,
    signInPerMinute: deps.signInPerMinute ?? 60,
  });
  await app.register(passkeySignInRoutes, {
    passkeys,
    allowedOrigins: config.allowedOrigins,
    sessionTtlSeconds: config.sessionTtlSeconds,
    signInPerMinute: deps.signInPerMinute ?? 60,
  });
  const analysis = new AnalysisWorker({
    db: database.db,
    kind: database.kind,
    databaseUrl: database.url,
    listen: database.listen,
    storage,
    clock,
    log: app.log,
    // Live and shadow moderation rules run on each new ad right after its signals (docs/decisions/0030-moderation-rules.md).
    rules: { clock, outbox, random: deps.random },
  });
  if (deps.analyseAds !== false) {
    await analysis.start();
    app.addHook('onClose', () => analysis.close());
  }
  app.decorate('analysisWorker', analysis);
  // Backtests run in this process; a shutdown stops them (recorded as cancelled).
  const ruleBacktests = new RuleBacktests({
    db: database.db,
    clock,
    log: app.log,
    order: database.requestOrder,
    load: interactiveLoad,
    pace: config.backtestPace,
  });
  await ruleBacktests.open(database.kind);
  app.addHook('onClose', () => ruleBacktests.close());
  app.decorate('ruleBacktests', ruleBacktests);
  registerUploadSweep(app, { db: database.db, storage, clock });
  if (reports.enabled) await app.register(publicReportsRoutes, { reports });
  const live = new LiveHub(database.db, database.listen, app.log, (hashes) => auth.liveSessions(hashes), {
    perSession: config.live.streamsPerSession,
    perServer: config.live.streamsPerServer,
    maxReplay: config.live.replayMaxEvents,
    ...deps.live,
  });
  await live.start();
  // Before the server closes: open streams would keep it waiting for ever.
  app.addHook('preClose', () => live.close());
  app.decorate('live', live);

  await app.register(async (admin) => {
    guardAdminsOnly(admin, auth);
    // After the session guard: the role's permission for the route (docs/decisions/0033-roles.md).
    guardPermissions(admin, database.db);
    registerReadYourWrites(admin, reads);
    await admin.register(sessionRoutes);
    await admin.register(accountRoutes, { account: services.account, twoFactor });
    await admin.register(passkeyAccountRoutes, { passkeys, allowedOrigins: config.allowedOrigins });
    await admin.register(adsRoutes, { ...moduleDeps, ads: services.ads, adReads: services.adReads });
    await admin.register(usersRoutes, { ...moduleDeps, users: services.users });
    await admin.register(strikesRoutes, { strikes: services.strikes });
    await admin.register(packagesRoutes, { packages: services.packages });
    await admin.register(dutiesRoutes, { duties: services.duties });
    await admin.register(bannerAdsRoutes, { banners: services.banners });
    await admin.register(dashboardRoutes, { dashboard: services.dashboard, reader: reads.reader });
    await admin.register(productsRoutes, moduleDeps);
    await admin.register(exportsRoutes, {
      ...moduleDeps,
      ads: services.ads,
      users: services.users,
      batchSize: config.exportBatchSize,
      requestOrder: database.requestOrder,
      interactiveLoad,
      timeZone: config.timeZone,
    });
    await admin.register(docsRoutes);
    await admin.register(advertiserMessagesRoutes, { outbox });
    await admin.register(activityRoutes, { activity: services.activity, reader: reads.reader });
    await admin.register(liveRoutes, { hub: live });
    await admin.register(claimsRoutes, { claims: services.claims });
    await admin.register(rejectionReasonsRoutes, moduleDeps);
    const signals = { signals: services.signals, riskyPhrases: services.riskyPhrases };
    await admin.register(signalsRoutes, { ...moduleDeps, ...signals });
    await admin.register(signalsListsRoutes, { ...moduleDeps, ...signals, timeZone: config.timeZone });
    await admin.register(queuesRoutes, { ...moduleDeps, queues: services.queues, timeZone: config.timeZone });
    await admin.register(secondReviewRoutes, { secondReview: services.secondReview });
    await admin.register(rulesRoutes, { rules: services.rules });
    await admin.register(rulesBacktestRoutes, { backtests: ruleBacktests });
    await admin.register(reportsRoutes, { ...moduleDeps, reports });
  });

  await registerStaticFiles(app, {
    storage,
    uploadsPublicUrl: config.s3?.publicUrl,
    webDist: config.webDist,
    timeZone: config.timeZone,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** Every route registered, method and URL pattern (HEAD left out). */
    routeList: RouteEntry[];
    /** Messages to advertisers (tests wake its delivery after moving the clock). */
    advertiserOutbox: AdvertiserOutbox;
    /** Set with S3_PUBLIC_URL: images answered as absolute URLs on that host, and sent back as such. */
    publicImages: PublicImageUrls | undefined;
    /** The event stream of this instance. */
    live: LiveHub;
    /** Where uploads live (the local disk or a bucket). */
    storage: FileStorage;
    /** Analyses new ads for trust signals (tests wake the embedded queue with it). */
    analysisWorker: AnalysisWorker;
    /** Rules' backtests running in this process (tests set their batch size and hold them between batches). */
    ruleBacktests: RuleBacktests;
  }
}
