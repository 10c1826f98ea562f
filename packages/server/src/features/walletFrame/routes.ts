import { appIdSchema, refuseControlCharacters } from '@foyer/protocol'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { bundleLoader } from '../../http/bundledPage'
import { requireApp } from '../apps/requireApp'
import { bundleWalletFrame } from './bundleWalletFrame'
import { readWalletFrameBundle } from './prebuiltWalletFrame'
import { framePageCsp, renderFramePage } from './renderFramePage'

const assetPrefix = '/embedded-wallets/assets/'

/**
 * The wallet frame pages, served from this server's origin (docs/modal.md; docs/api.md):
 * - `GET /apps/{appId}/embedded-wallets` (query `caid`, `client_id`): the hidden frame;
 * - `GET /apps/{appId}/embedded-wallets/export`: the export page;
 * - `GET /apps/{appId}/embedded-wallets/import`: the import page (docs/embedded-wallets.md#imported-keys);
 * - `GET /embedded-wallets/assets/{name}-{hash}.js`: their scripts (immutable, hashed names), built with the
 *   package (`npm run build -w @foyer/server` → `walletFrameDir`) in production (the CLI refuses to start
 *   without it; a page request then fails with 500); outside
 *   production bundled by esbuild from `@foyer/wallet-frame`'s sources on the first page request.
 * Pages carry a CSP whose `frame-ancestors` lists the app's allowed origins. 400 `invalid_data` for a
 * malformed app id, 404 `not_found` for an unknown app or asset.
 */
export const walletFrameRoutes: PluginRoutes = async (app, { context }) => {
  // Production serves the package build; elsewhere esbuild bundles the current sources on the first request
  // (a build left in dist/ would go stale while the frame is being developed).
  const getBundle = bundleLoader({
    production: context.env === 'production',
    what: 'wallet frame',
    dir: context.walletFrameDir,
    bundle: bundleWalletFrame,
    readBuilt: readWalletFrameBundle,
  })
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const paramsSchema = refuseControlCharacters(z.object({ appId: appIdSchema }))

  for (const kind of ['frame', 'export', 'import'] as const) {
    const path = kind === 'frame' ? '/apps/:appId/embedded-wallets' : `/apps/:appId/embedded-wallets/${kind}`
    typed.get(path, { schema: { params: paramsSchema } }, async (request, reply) => {
      const foyerApp = await requireApp(context, request)
      const assets = await getBundle()
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header(
          'content-security-policy',
          framePageCsp(foyerApp.allowedOrigins, context.env === 'production'),
        )
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
      return renderFramePage({
        appId: foyerApp.id,
        allowedOrigins: foyerApp.allowedOrigins,
        googleDriveApiUrl: context.googleDriveApiUrl,
        cloudKitApiUrl: context.cloudKitApiUrl,
        scriptPath: `${assetPrefix}${assets[kind].fileName}`,
        kind,
      })
    })
  }

  typed.get(
    `${assetPrefix}:file`,
    { schema: { params: refuseControlCharacters(z.object({ file: z.string().max(64) })) } },
    async (request, reply) => {
      const assets = await getBundle()
      const asset = [assets.frame, assets.export, assets.import].find(
        (entry) => entry.fileName === request.params.file,
      )
      if (!asset) throw foyerError('assetNotFound')
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
      return reply.send(Buffer.from(asset.contents))
    },
  )
}
