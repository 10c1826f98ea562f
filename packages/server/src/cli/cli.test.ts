import { execFile } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { openDatabase } from '../db/openDatabase'
import { isAppSecret, listAppSecrets } from '../features/serverApi/appSecrets'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../bin/foyer-server.mjs', import.meta.url))

function foyerServer(args: string[], cwd: string) {
  const { DATABASE_URL: _ignored, FOYER_MASTER_KEY: _key, ...env } = process.env
  return run(process.execPath, [bin, ...args], {
    cwd,
    env: { ...env, NODE_ENV: 'development', FOYER_DATA_DIR: join(cwd, 'data') },
    timeout: 60_000,
  })
}

describe('foyer-server CLI', () => {
  test('default: app create prints an id that app list --json then shows', { timeout: 120_000 }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-cli-'))
    const created = await foyerServer(
      [
        'app',
        'create',
        '--name',
        'CLI Shop',
        '--origin',
        'https://shop.example',
        '--origin',
        'http://localhost:*',
      ],
      cwd,
    )
    const id = created.stdout.trim()
    expect(id).toMatch(/^[a-z0-9]{25}$/)
    const listed = await foyerServer(['app', 'list', '--json'], cwd)
    const apps = JSON.parse(listed.stdout) as Array<{ id: string; name: string; allowed_origins: string[] }>
    expect(apps).toEqual([
      expect.objectContaining({
        id,
        name: 'CLI Shop',
        allowed_origins: ['https://shop.example', 'http://localhost:*'],
      }),
    ])
  })

  test('behavior: app update --settings configures custom JWT sign-in', { timeout: 120_000 }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-cli-'))
    const id = (await foyerServer(['app', 'create', '--name', 'JWT Shop'], cwd)).stdout.trim()
    const settings = {
      custom_jwt_auth: {
        enabled: true,
        issuer: 'https://auth.shop.example',
        audience: 'shop',
        jwks_url: 'https://auth.shop.example/jwks.json',
      },
    }
    const updated = await foyerServer(['app', 'update', id, '--settings', JSON.stringify(settings)], cwd)
    expect(JSON.parse(updated.stdout)).toEqual({
      custom_jwt_auth: {
        ...settings.custom_jwt_auth,
        public_key_pem: null,
        subject_claim: 'sub',
        algorithms: ['RS256', 'ES256'],
      },
    })
    await expect(foyerServer(['app', 'update', id, '--settings', '{not json'], cwd)).rejects.toMatchObject({
      code: 1,
    })
  })

  test('behavior: app rotate-secret prints a new secret the server API then accepts; the previous stays in its grace period', {
    timeout: 120_000,
  }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-cli-'))
    const id = (await foyerServer(['app', 'create', '--name', 'Back-end Shop'], cwd)).stdout.trim()
    const first = (await foyerServer(['app', 'rotate-secret', id], cwd)).stdout.trim()
    const second = (await foyerServer(['app', 'rotate-secret', id], cwd)).stdout.trim()
    expect(first).toMatch(/^foyer_secret_[A-Za-z0-9_-]{43}$/)
    expect(second).toMatch(/^foyer_secret_[A-Za-z0-9_-]{43}$/)
    expect(second).not.toBe(first)
    const db = await openDatabase({ dataDir: join(cwd, 'data') })
    try {
      const context = { db, now: Date.now }
      expect(await isAppSecret(context, id, second)).toBe(true)
      expect(await isAppSecret(context, id, first)).toBe(true)
      expect(await isAppSecret(context, id, `${second}x`)).toBe(false)
      expect(await listAppSecrets(context, id)).toEqual([
        expect.objectContaining({ expires_at: null }),
        expect.objectContaining({ expires_at: expect.any(Number) }),
      ])
    } finally {
      await db.close()
    }
    await expect(foyerServer(['app', 'rotate-secret', 'a'.repeat(25)], cwd)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No app'),
    })
  })

  test('error: an unknown command exits 1 with the usage', { timeout: 60_000 }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-cli-'))
    await expect(foyerServer(['frobnicate'], cwd)).rejects.toMatchObject({ code: 1 })
  })

  test('error: in production, start refuses to run without the built wallet frame', {
    timeout: 60_000,
  }, async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-cli-'))
    const { DATABASE_URL: _ignored, ...env } = process.env
    const started = run(process.execPath, [bin, 'start'], {
      cwd,
      env: {
        ...env,
        NODE_ENV: 'production',
        FOYER_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
        FOYER_DATA_DIR: join(cwd, 'data'),
        // An empty directory: no `npm run build -w @foyer/server` output there.
        FOYER_WALLET_FRAME_DIR: join(cwd, 'no-build'),
        PORT: '0',
      },
      timeout: 30_000,
    })
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The wallet frame is not built'),
    })
  })
})
