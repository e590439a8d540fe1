import type { Config } from './config';
import { ActivityService } from './modules/activity/activity-service';
import { AdsReadService } from './modules/ads/ads-read-service';
import { AdsService } from './modules/ads/ads-service';
import { AccountService } from './modules/auth/account-service';
import { AuthService } from './modules/auth/auth-service';
import { PasskeyService } from './modules/auth/passkey-service';
import { TwoFactorService } from './modules/auth/two-factor-service';
import { BannerAdsService } from './modules/banners/banner-ads-service';
import { ClaimsService } from './modules/claims/claims-service';
import { DashboardService } from './modules/dashboard/dashboard-service';
import { DutiesService } from './modules/duties/duties-service';
import type { ModuleDeps } from './modules/module-deps';
import { PackagesService } from './modules/packages/packages-service';
import { QueuesService } from './modules/queues/queues-service';
import { ReportsService } from './modules/reports/reports-service';
import { RulesService } from './modules/rules/rules-service';
import { SecondReviewService } from './modules/second-review/second-review-service';
import { RiskyPhrasesService } from './modules/signals/risky-phrases';
import { SignalsService } from './modules/signals/signals-service';
import { StrikesService } from './modules/strikes/strikes-service';
import { UsersService } from './modules/users/users-service';

/** The settings some services read, as loaded at boot. */
export type ServiceSettings = Pick<
  Config,
  'sessionTtlSeconds' | 'requireTwoFactor' | 'timeZone' | 'claimsPerAdmin' | 'publicReports'
>;

/**
 * Every module's service, built once with its dependencies passed in. buildApp calls this once and
 * hands each route plugin the services it uses as options, so two plugins that use the same service
 * (ads and exports, signals and its lists) share one instance and its caches. No route file builds a
 * service (server/test/unit/services-built-once.test.ts).
 */
export function buildServices(deps: ModuleDeps, settings: ServiceSettings) {
  const { db, storage, clock, log, outbox, random } = deps;
  const auth = new AuthService(db, clock, settings.sessionTtlSeconds * 1000, log, settings.requireTwoFactor);
  return {
    auth,
    account: new AccountService(db, clock, auth),
    twoFactor: new TwoFactorService(db, clock, auth),
    passkeys: new PasskeyService(db, clock, auth),
    activity: new ActivityService(db, clock, settings.timeZone),
    ads: new AdsService(db, storage, clock, log, outbox, random),
    adReads: new AdsReadService(db, clock, settings.timeZone),
    banners: new BannerAdsService(db, storage, clock, log),
    claims: new ClaimsService(db, clock, settings.claimsPerAdmin),
    dashboard: new DashboardService(db, clock, settings.timeZone),
    duties: new DutiesService(db, clock),
    packages: new PackagesService(db, clock),
    queues: new QueuesService(db, clock),
    reports: new ReportsService(db, clock, outbox, settings.publicReports, log),
    riskyPhrases: new RiskyPhrasesService(db, clock),
    rules: new RulesService(db, clock),
    secondReview: new SecondReviewService(db, clock),
    signals: new SignalsService(db, clock),
    strikes: new StrikesService(db, clock),
    users: new UsersService(db, storage, clock, log),
  };
}
