import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { describe, expect, it } from 'vitest'
import { pluginsOf } from '../../../cli/config/pluginsOf'
import { createApp } from '../../../createApp'
import { openTestDatabase } from '../../../test/pgliteTemplate'
import { useTestContext } from '../../../test/useTestContext'
import { findAppRecord, updateAppSettings } from '../../apps/service'
import { ensureConsoleApp } from '../consoleApp'
import { operatorConsole } from '../plugin'
import { bundleConsole } from './bundleConsole'
import { readConsoleBundle, writeConsoleBundle } from './prebuiltConsole'

const t = useTestContext({ features: [operatorConsole({ operators: ['ops@console.test'] })] })

describe('the console page', () => {
  it('behavior: GET /console serves the page under a strict CSP whose style nonce the page hands the SDK', async () => {
    const page = await t.request({ method: 'GET', url: '/console', appId: null })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    const csp = String(page.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(page.body).toContain(`"appId":"${CONSOLE_APP_ID}"`)
    expect(page.body).toContain(`"nonce":"${nonce}"`)
    // A fresh nonce per answer.
    const again = await t.request({ method: 'GET', url: '/console', appId: null })
    expect(again.headers['content-security-policy']).not.toBe(csp)

    const script = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? ''
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1] ?? ''
    const js = await t.request({ method: 'GET', url: script, appId: null })
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.headers['cache-control']).toContain('immutable')
    const css = await t.request({ method: 'GET', url: style, appId: null })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toContain('data-theme')
    const missing = await t.request({ method: 'GET', url: '/console/assets/nothing-here.js', appId: null })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'not_found' })
  })

  it('behavior: a written build reads back the same files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-console-'))
    try {
      expect(await readConsoleBundle(dir)).toBeNull()
      const bundle = await bundleConsole()
      await writeConsoleBundle(bundle, dir)
      const read = await readConsoleBundle(dir)
      expect(read?.script).toBe(bundle.script)
      expect(read?.files.map((file) => file.fileName).sort()).toEqual(
        bundle.files.map((file) => file.fileName).sort(),
      )
      // What the console never runs is left out: zod's other languages, the external-wallet SDKs.
      const text = bundle.files.map((file) => new TextDecoder().decode(file.contents)).join('\n')
      const holds = (marker: string) => text.includes(marker)
      expect(['Неверный ввод', 'wc_sessionPropose'].filter(holds)).toEqual([])
      expect(holds('@walletconnect/ethereum-provider is not part of the operator console')).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the console plugin', () => {
  it('behavior: refuses an empty operator list, an address that is not one, and production without a public URL', async () => {
    const db = await openTestDatabase()
    const options = { db, masterKey: new Uint8Array(randomBytes(32)), logger: false as const }
    try {
      await expect(createApp({ ...options, features: [operatorConsole({ operators: [] })] })).rejects.toThrow(
        'list at least one operator',
      )
      await expect(
        createApp({ ...options, features: [operatorConsole({ operators: ['not an address'] })] }),
      ).rejects.toThrow('not an email address')
      await expect(
        createApp({
          ...options,
          env: 'production',
          features: [operatorConsole({ operators: ['a@b.test'] })],
        }),
      ).rejects.toThrow('FOYER_PUBLIC_URL')
    } finally {
      await db.close()
    }
  })

  it('behavior: at start the console app gets the public URL as its origin and its sign-in settings back', async () => {
    await updateAppSettings(t.db, CONSOLE_APP_ID, { sms_auth: true, mfa_methods: [] }, t.masterKey)
    await ensureConsoleApp({ ...(await contextOf()), publicUrl: 'https://auth.example.com' })
    const record = await findAppRecord(t.db, CONSOLE_APP_ID, t.masterKey)
    expect(record?.allowedOrigins).toEqual(['https://auth.example.com'])
    expect(record?.settings).toMatchObject({ sms_auth: false, mfa_methods: ['totp', 'passkey'] })
  })

  it('behavior: foyer-server lists the console only when FOYER_CONSOLE_OPERATORS names operators', () => {
    const base = {
      twilio: undefined,
      evmRpcUrls: {},
      signer: undefined,
      solanaRpcUrls: {},
      oauthProviders: {},
    }
    const config = { ...base, farcaster: {}, farcasterSignerApiUrl: undefined, funding: {} }
    const ids = (operators: string[]) =>
      pluginsOf({ ...config, consoleOperators: operators }).features.map((feature) => feature.id)
    expect(ids([])).not.toContain('console')
    expect(ids(['ops@example.com'])).toContain('console')
  })
})

/** The pieces of the server context `ensureConsoleApp` uses, over the test's database. */
async function contextOf() {
  const { createAppStore } = await import('../../apps/service')
  return {
    db: t.db,
    masterKey: t.masterKey,
    now: t.now,
    env: 'test' as const,
    publicUrl: null,
    apps: createAppStore(t.db, t.masterKey),
  }
}
