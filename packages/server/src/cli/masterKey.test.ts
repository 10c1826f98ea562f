import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deriveKey } from '../crypto/deriveKey'
import { openSecret, sealSecret } from '../crypto/secretBox'
import { openDatabase } from '../db/openDatabase'
import { apps } from '../features/apps/schema'
import { loadApp } from '../features/apps/service'
import { checkMasterKey } from '../features/masterKey/checkMasterKey'
import { users } from '../features/users/schema'
import { walletEntropies } from '../features/wallets/schema'
import { runCli } from '../test/runCli'
import { prepareDatabase } from './prepareDatabase'

afterEach(() => {
  vi.restoreAllMocks()
})

const secrets = {
  captcha_secret_key: 'captcha-secret-0001',
  telegram_bot_token: '123456:telegram-secret-0002',
  oauth: {
    clients: {
      github: { client_id: 'gh-client', client_secret: 'github-secret-0003', scopes: [], apple: null },
    },
  },
  funding_providers: {
    moonpay: { api_key: 'pk_test_public', secret_key: 'moonpay-secret-0006', use_sandbox: true },
  },
}

async function workspace() {
  const cwd = await mkdtemp(join(tmpdir(), 'foyer-master-key-'))
  const oldKey = randomBytes(32)
  const environment = {
    NODE_ENV: 'development',
    FOYER_DATA_DIR: join(cwd, 'data'),
    FOYER_MASTER_KEY: oldKey.toString('base64'),
  }
  return { dataDir: join(cwd, 'data'), oldKey, environment }
}

describe('foyer-server master-key rotate', () => {
  test('behavior: re-seals app keys, settings secrets and wallet shares; the old key no longer opens them', {
    timeout: 120_000,
  }, async () => {
    const { dataDir, oldKey, environment } = await workspace()
    const created = await runCli(['app', 'create', '--name', 'Shop'], environment)
    const id = created.stdout.trim()
    expect(
      (await runCli(['app', 'update', id, '--settings', JSON.stringify(secrets)], environment)).code,
    ).toBe(0)
    // A wallet, sealed as the wallets feature seals it.
    let db = await openDatabase({ dataDir })
    const userId = 'u'.repeat(25)
    const entropyId = 'e'.repeat(25)
    await db.orm.insert(users).values({ id: userId, appId: id, createdAt: new Date() })
    await db.orm.insert(walletEntropies).values({
      id: entropyId,
      appId: id,
      userId,
      chainType: 'ethereum',
      entropyId: '0x1',
      authShare: sealSecret(
        deriveKey(oldKey, 'wallet-share-encryption'),
        'share',
        `wallet-auth-share:${entropyId}`,
      ),
      recoveryMethod: 'privy',
      recovery: sealSecret(
        deriveKey(oldKey, 'wallet-share-encryption'),
        '{}',
        `wallet-recovery:${entropyId}`,
      ),
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    await db.close()

    const newKey = randomBytes(32)
    const refused = await runCli(['master-key', 'rotate'], { ...environment, FOYER_NEW_MASTER_KEY: 'short' })
    expect(refused.code).toBe(1)
    const rotated = await runCli(['master-key', 'rotate'], {
      ...environment,
      FOYER_NEW_MASTER_KEY: newKey.toString('base64'),
    })
    expect(rotated.code).toBe(0)
    expect(rotated.stdout).toContain('app signing keys  1')
    expect(rotated.stdout).toContain('wallet auth shares  1')

    db = await openDatabase({ dataDir })
    try {
      const loaded = await loadApp(db, id, newKey)
      expect(loaded?.settings).toMatchObject(secrets)
      await expect(loadApp(db, id, oldKey)).rejects.toThrow()
      const [row] = await db.orm.select().from(apps).where(eq(apps.id, id))
      expect(() =>
        openSecret(
          deriveKey(oldKey, 'app-private-key-encryption'),
          row?.encryptedPrivateKey ?? '',
          `app:${id}`,
        ),
      ).toThrow()
      const [wallet] = await db.orm.select().from(walletEntropies).where(eq(walletEntropies.id, entropyId))
      const shareKey = (key: Uint8Array) => deriveKey(key, 'wallet-share-encryption')
      expect(openSecret(shareKey(newKey), wallet?.authShare ?? '', `wallet-auth-share:${entropyId}`)).toBe(
        'share',
      )
      expect(() =>
        openSecret(shareKey(oldKey), wallet?.authShare ?? '', `wallet-auth-share:${entropyId}`),
      ).toThrow()
      expect(await checkMasterKey(db, newKey, { all: true })).toEqual({ ok: true })
      expect((await checkMasterKey(db, oldKey)).ok).toBe(false)
      await expect(prepareDatabase(db, { env: 'development', masterKey: oldKey })).rejects.toThrow(
        'FOYER_MASTER_KEY does not open the signing key of app',
      )
    } finally {
      await db.close()
    }
  })

  test('error: app update prints the settings it changed with the secrets masked', {
    timeout: 120_000,
  }, async () => {
    const { environment } = await workspace()
    const id = (await runCli(['app', 'create', '--name', 'Masked'], environment)).stdout.trim()
    const updated = await runCli(['app', 'update', id, '--settings', JSON.stringify(secrets)], environment)
    for (const secret of [
      'captcha-secret-0001',
      'telegram-secret-0002',
      'github-secret-0003',
      'moonpay-secret-0006',
    ])
      expect(updated.stdout).not.toContain(secret)
    const printed = JSON.parse(updated.stdout) as Record<string, unknown>
    expect(printed).toMatchObject({
      captcha_secret_key: '********',
      telegram_bot_token: '********',
      oauth: { clients: { github: { client_id: 'gh-client', client_secret: '********' } } },
      funding_providers: { moonpay: { api_key: 'pk_test_public', secret_key: '********' } },
    })
    const swept = await runCli(['sweep', '--json'], environment)
    expect(JSON.parse(swept.stdout)).toMatchObject({ wallet_nonce: 0, idle_guest: 0 })
  })
})
