import { type ConsolePage, consolePage } from './ConsolePage'

/**
 * The console's pages, in navigation order: one line per page (docs/console.md#adding-a-console-page).
 * The first is where the console opens.
 */
export const consolePages: readonly ConsolePage[] = [
  consolePage('apps', 'Apps', () => import('./apps/AppsPage').then((module) => module.AppsPage)),
  consolePage('users', 'Users', () => import('./users/UsersPage').then((module) => module.UsersPage)),
  consolePage('usage', 'Usage', () => import('./usage/UsagePage').then((module) => module.UsagePage)),
  consolePage('audit', 'Audit log', () => import('./audit/AuditPage').then((module) => module.AuditPage)),
]
