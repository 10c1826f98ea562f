import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** What a page receives: the rest of its route (`#/users/<id>` → `params: ['<id>']`). */
export type ConsolePageProps = { params: readonly string[] }

/** One page of the console: its route segment, its title in the navigation, and its lazily loaded component. */
export type ConsolePage = {
  /** The route segment: `#/<path>` (lower case, no slash). */
  path: string
  /** The navigation entry and the page's heading. */
  title: string
  /** The page, loaded when first shown (a chunk of its own). */
  component: LazyExoticComponent<ComponentType<ConsolePageProps>>
}

/**
 * A {@link ConsolePage} whose component `load` imports lazily (its module becomes a chunk of its own).
 *
 * @example consolePage('audit', 'Audit log', () => import('./audit/AuditPage').then((m) => m.AuditPage))
 */
export function consolePage(
  path: string,
  title: string,
  load: () => Promise<ComponentType<ConsolePageProps>>,
): ConsolePage {
  return { path, title, component: lazy(async () => ({ default: await load() })) }
}
