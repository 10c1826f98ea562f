import { type ConsolePage, consolePage } from './ConsolePage'

/**
 * The console's pages, in navigation order: one line per page (docs/console.md#adding-a-console-page).
 * The first is where the console opens.
 */
export const consolePages: readonly ConsolePage[] = [
  consolePage('audit', 'Audit log', () => import('./audit/AuditPage').then((module) => module.AuditPage)),
  consolePage('usage', 'Usage', () => import('./usage/UsagePage').then((module) => module.UsagePage)),
]
