import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { PageLoading, RouteError } from './routes/route-error';

/** SPEC §2 route table; each page's code loads on first visit. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page render inside the layout, keeping the header and footer.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            HydrateFallback: PageLoading,
            lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
          },
          {
            path: '*',
            HydrateFallback: PageLoading,
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
