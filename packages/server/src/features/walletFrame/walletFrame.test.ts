import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { createShopApp } from '../../test/shopApp'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord } from '../apps/service'
import { writeWalletFrameBundle } from './prebuiltWalletFrame'
import { framePageCsp, renderFramePage } from './renderFramePage'

const t = useTestContext()
let shopId: string
let closedId: string

beforeAll(async () => {
  shopId = (await createShopApp(t)).id
  closedId = (await createAppRecord(t.db, { name: 'Closed', masterKey: t.masterKey })).id
})

function csp(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  )
}

describe('GET /apps/{appId}/embedded-wallets', () => {
  test('default: an HTML page whose CSP frame-ancestors lists the app origins, with a bundled script', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/apps/${t.demoApp.id}/embedded-wallets?caid=a1b2&client_id=c3d4`,
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    const policy = csp(page.headers['content-security-policy'])
    expect(policy['frame-ancestors']).toBe('http://localhost:* http://127.0.0.1:*')
    expect(policy['script-src']).toBe("'self'")
    expect(policy['default-src']).toBe("'none'")
    expect(page.body).toContain(
      `<script id="foyer-frame-config" type="application/json">{"appId":"${t.demoApp.id}","allowedOrigins":["http://localhost:*","http://127.0.0.1:*"]}</script>`,
    )
    const script =
      /<script type="module" src="(\/embedded-wallets\/assets\/frame-[0-9a-f]{16}\.js)"><\/script>/.exec(
        page.body,
      )
    expect(script).not.toBeNull()
    const asset = await t.app.inject({ method: 'GET', url: script![1]! })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.body.length).toBeGreaterThan(10_000)
    expect(asset.body).toContain('foyer-frame-config')
    // The frame's script loads only into the server's own pages.
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
  })

  test('behavior: every other HTML page of the server gets a strict policy and is never framed', async () => {
    // The OAuth callback's page for a flow that cannot go back to the app.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/callback?state=unknown&code=x',
      headers: { accept: 'text/html' },
    })
    expect(page.headers['content-type']).toContain('text/html')
    const policy = csp(page.headers['content-security-policy'])
    expect(policy['default-src']).toBe("'none'")
    expect(policy['frame-ancestors']).toBe("'none'")
    expect(policy['script-src']).toBeUndefined()
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    // The frame page keeps its own policy.
    const frame = await t.app.inject({ method: 'GET', url: `/apps/${t.demoApp.id}/embedded-wallets` })
    expect(csp(frame.headers['content-security-policy'])['frame-ancestors']).toBe(
      'http://localhost:* http://127.0.0.1:*',
    )
    expect(frame.headers['cross-origin-opener-policy']).toBeUndefined()
  })

  test('behavior: each app gets its own frame-ancestors; none configured → none', async () => {
    const shop = await t.app.inject({ method: 'GET', url: `/apps/${shopId}/embedded-wallets` })
    expect(csp(shop.headers['content-security-policy'])['frame-ancestors']).toBe('https://shop.example')
    const closed = await t.app.inject({ method: 'GET', url: `/apps/${closedId}/embedded-wallets` })
    expect(csp(closed.headers['content-security-policy'])['frame-ancestors']).toBe("'none'")
  })

  test('default: the export page has its own script and a root for the key', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/apps/${shopId}/embedded-wallets/export?address=0x1`,
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toMatch(/src="\/embedded-wallets\/assets\/export-[0-9a-f]{16}\.js"/)
    expect(page.body).toContain('<main id="foyer-export"></main>')
    expect(csp(page.headers['content-security-policy'])['frame-ancestors']).toBe('https://shop.example')
  })

  test('error: unknown app → 404; malformed id → 400; unknown asset → 404', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/apps/zzzzzzzzzzzzzzzzzzzzzzzzz/embedded-wallets',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'App not found', code: 'not_found' })
    const malformed = await t.app.inject({ method: 'GET', url: '/apps/short/embedded-wallets' })
    expect(malformed.statusCode).toBe(400)
    const asset = await t.app.inject({ method: 'GET', url: '/embedded-wallets/assets/frame-0000.js' })
    expect(asset.statusCode).toBe(404)
  })

  test('behavior: the config names the Drive API base URL only when the server is given one', () => {
    const page = (googleDriveApiUrl?: string) =>
      renderFramePage({
        appId: 'a'.repeat(25),
        allowedOrigins: [],
        scriptPath: '/x.js',
        kind: 'frame',
        googleDriveApiUrl,
      })
    expect(page('http://127.0.0.1:9')).toContain(`"googleDriveApiUrl":"http://127.0.0.1:9"`)
    expect(page()).not.toContain('googleDriveApiUrl')
  })

  test('behavior: http chain RPCs are reachable outside production only', () => {
    expect(csp(framePageCsp([], true))['connect-src']).toBe("'self' https: wss:")
    expect(csp(framePageCsp([], false))['connect-src']).toBe("'self' https: wss: http: ws:")
    expect(csp(framePageCsp(['https://a.example', 'bad; script-src *'], true))['frame-ancestors']).toBe(
      'https://a.example',
    )
  })
})

describe('the wallet frame built with the package', () => {
  /** A production server on the test database whose wallet frame is served from the build in `dir`. */
  const productionServer = (dir: string) =>
    createTestContext({ db: t.db, masterKey: t.masterKey, env: 'production', walletFrameDir: dir })

  test('default: production serves the build in walletFrameDir, without esbuild', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-frame-'))
    const built = {
      frame: {
        fileName: 'frame-0123456789abcdef.js',
        contents: new TextEncoder().encode('/* built frame */'),
      },
      export: {
        fileName: 'export-0123456789abcdef.js',
        contents: new TextEncoder().encode('/* built export */'),
      },
      import: {
        fileName: 'import-0123456789abcdef.js',
        contents: new TextEncoder().encode('/* built import */'),
      },
    }
    await writeWalletFrameBundle(built, dir)
    const production = await productionServer(dir)
    try {
      const page = await production.request({ method: 'GET', url: `/apps/${shopId}/embedded-wallets` })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('/embedded-wallets/assets/frame-0123456789abcdef.js')
      const script = await production.request({
        method: 'GET',
        url: '/embedded-wallets/assets/export-0123456789abcdef.js',
      })
      expect(script.body).toBe('/* built export */')
      const importPage = await production.request({
        method: 'GET',
        url: `/apps/${shopId}/embedded-wallets/import`,
      })
      expect(importPage.statusCode).toBe(200)
      expect(importPage.body).toContain('/embedded-wallets/assets/import-0123456789abcdef.js')
      expect(importPage.body).toContain('<main id="foyer-import"></main>')
    } finally {
      await production.app.close()
    }
  })

  test('error: production without a build answers 500 rather than bundling at request time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-frame-'))
    const production = await productionServer(dir)
    try {
      const page = await production.request({ method: 'GET', url: `/apps/${shopId}/embedded-wallets` })
      expect(page.statusCode).toBe(500)
      expect(page.json()).toEqual({ error: 'Internal server error', code: 'internal_error' })
    } finally {
      await production.app.close()
    }
  })
})
