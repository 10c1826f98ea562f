import { randomBytes } from 'node:crypto'
import { refuseControlCharacters } from '@foyer/protocol'
import { CONSOLE_PATH } from '@foyer/protocol/console'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { foyerError } from '../../../errors/foyerError'
import type { PluginRoutes } from '../../../FoyerPlugin'
import { bundleLoader } from '../../../http/bundledPage'
import type { ConsoleContext } from '../ConsoleContext'
import { bundleConsole } from './bundleConsole'
import { readConsoleBundle } from './prebuiltConsole'
import { consolePageCsp, renderConsolePage } from './renderConsolePage'

const assetPrefix = `${CONSOLE_PATH}/assets/`

/**
 * The console page (docs/console.md#the-page), served from this server's origin:
 * - `GET /console`: the page, with a strict CSP (a fresh style nonce per answer) and no caching;
 * - `GET /console/assets/{file}`: its scripts, chunks and style sheet (immutable, hashed names).
 * In production the package build (`npm run build -w @foyer/server` → `dist/console`, or
 * `ConsoleSettings.pageDir`); elsewhere esbuild bundles `@foyer/console`'s sources on the first request
 * (falling back to a build when the sources are not there, as in an installed package). 404 `not_found`
 * for an unknown asset.
 */
export const consolePageRoutes: PluginRoutes<ConsoleContext> = async (app, { context }) => {
  const getBundle = bundleLoader({
    production: context.env === 'production',
    what: 'console',
    dir: context.console.pageDir,
    bundle: bundleConsole,
    readBuilt: readConsoleBundle,
  })
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(CONSOLE_PATH, async (_request, reply) => {
    const built = await getBundle()
    const nonce = randomBytes(16).toString('base64')
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', consolePageCsp(nonce))
      .header('cross-origin-opener-policy', 'same-origin')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
    return renderConsolePage({
      nonce,
      scriptPath: `${assetPrefix}${built.script}`,
      stylePath: built.style ? `${assetPrefix}${built.style}` : null,
    })
  })

  typed.get(
    `${assetPrefix}:file`,
    { schema: { params: refuseControlCharacters(z.object({ file: z.string().max(80) })) } },
    async (request, reply) => {
      const built = await getBundle()
      const asset = built.files.find((file) => file.fileName === request.params.file)
      if (!asset) throw foyerError('assetNotFound')
      const type = asset.fileName.endsWith('.css') ? 'text/css' : 'text/javascript'
      reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
      return reply.send(Buffer.from(asset.contents))
    },
  )
}
