/**
 * The API routes the app answers that its OpenAPI document leaves out, so that none escapes the fuzz suite:
 * every route under `/api/` (except the document itself, `/api/docs` and below, and HEAD routes) must be in
 * `paths` with its method. Fastify's `:param` (and `:param(regex)`) is OpenAPI's `{param}`.
 */
import type { RouteOptions } from 'fastify';
import type { OpenApiDocument } from './list-operations';

export interface AppRoute {
  method: string;
  url: string;
}

/** Every method of a route as the app's `onRoute` hook sees it. */
export function appRoutesOf(route: RouteOptions): AppRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({ method: String(method).toUpperCase(), url: route.url }));
}

export function openApiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');
}

const isFuzzedRoute = (r: AppRoute) =>
  r.method !== 'HEAD' &&
  r.url.startsWith('/api/') &&
  r.url !== '/api/docs' &&
  !r.url.startsWith('/api/docs/');

/** `METHOD /api/...` of each fuzzed route missing from the document, in the order the app added them. */
export function undocumentedRoutes(routes: AppRoute[], document: OpenApiDocument): string[] {
  const missing = routes
    .filter(isFuzzedRoute)
    .filter((r) => document.paths[openApiPathOf(r.url)]?.[r.method.toLowerCase()] === undefined)
    .map((r) => `${r.method} ${r.url}`);
  return [...new Set(missing)];
}
