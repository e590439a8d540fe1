import { Navigate, Outlet, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { paths } from '../lib/paths';
import { RequireAdmin } from './require-admin';

function RouteFallback() {
  return <div className="min-h-full bg-slate-950" aria-busy="true" />;
}

/**
 * Routes of docs/product.md#screens-and-routes. The sign-in page is eager; the shell and every screen are lazy so the
 * sign-in bundle stays small. No custom errorElement: React Router's default screen shows
 * "Unexpected Application Error!" with the status text or message, as the spec asks.
 */
export const routes: RouteObject[] = [
  {
    Component: Outlet,
    HydrateFallback: RouteFallback,
    children: [
      { path: paths.signIn, Component: SignInPage },
      {
        path: paths.app,
        Component: RequireAdmin,
        children: [
          {
            lazy: () => import('./layout/app-shell').then((m) => ({ Component: m.AppShell })),
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              {
                path: paths.dashboard,
                lazy: () =>
                  import('../features/dashboard/dashboard-page').then((m) => ({
                    Component: m.DashboardPage,
                  })),
              },
              {
                path: paths.notifications,
                lazy: () =>
                  import('../features/notifications/notifications-page').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: paths.adsDirectory,
                lazy: () =>
                  import('../features/ads/ads-directory-page').then((m) => ({
                    Component: m.AdsDirectoryPage,
                  })),
              },
              {
                path: paths.users,
                lazy: () => import('../features/users/users-page').then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: paths.userDetailPattern,
                lazy: () =>
                  import('../features/users/user-detail-page').then((m) => ({
                    Component: m.UserDetailPage,
                  })),
              },
              {
                path: paths.packages,
                lazy: () =>
                  import('../features/packages/packages-page').then((m) => ({
                    Component: m.PackagesPage,
                  })),
              },
              {
                path: paths.dataExtract,
                lazy: () =>
                  import('../features/data-extract/data-extract-page').then((m) => ({
                    Component: m.DataExtractPage,
                  })),
              },
              {
                path: paths.banners,
                lazy: () =>
                  import('../features/banners/banners-page').then((m) => ({
                    Component: m.BannersPage,
                  })),
              },
              {
                path: paths.bugs,
                lazy: () => import('../features/reports/reports-page').then((m) => ({ Component: m.ReportsPage })),
              },
              {
                path: paths.duties,
                lazy: () =>
                  import('../features/duties/duties-page').then((m) => ({
                    Component: m.DutiesPage,
                  })),
              },
              {
                path: paths.rules,
                lazy: () => import('../features/rules/rules-page').then((m) => ({ Component: m.RulesPage })),
              },
              {
                path: paths.secondReview,
                lazy: () =>
                  import('../features/rules/second-review-page').then((m) => ({
                    Component: m.SecondReviewPage,
                  })),
              },
              {
                path: paths.account,
                lazy: () =>
                  import('../features/auth/account-page').then((m) => ({
                    Component: m.AccountPage,
                  })),
              },
              {
                path: paths.activity,
                lazy: () =>
                  import('../features/activity/activity-page').then((m) => ({
                    Component: m.ActivityPage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];
