import type { PluginRoutes } from '../../FoyerPlugin'
import { accessRoutes } from './access/routes'
import { consoleAppsRoutes } from './apps/routes'
import { consoleAppSecretRoutes } from './apps/secretRoutes'
import { auditRoutes } from './audit/routes'
import type { ConsoleContext } from './ConsoleContext'
import { usageRoutes } from './usage/routes'
import { consoleUserRoutes } from './users/routes'

/**
 * The console's calls under `/api/v1/console/` (docs/console.md#adding-a-console-page): one registration
 * per area, each a `PluginRoutes<ConsoleContext>` whose handlers start with `requireOperator`.
 */
export const consoleApiRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  await app.register(accessRoutes, { context })
  await app.register(auditRoutes, { context })
  await app.register(consoleAppsRoutes, { context })
  await app.register(consoleUserRoutes, { context })
  await app.register(usageRoutes, { context })
  await app.register(consoleAppSecretRoutes, { context })
}
