import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadConfig } from './loadConfig'

describe('loadConfig', () => {
  test('default: development defaults and a generated master key kept with mode 0600', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-config-'))
    const config = await loadConfig({}, cwd)
    expect(config).toMatchObject({
      env: 'development',
      port: 8787,
      host: '127.0.0.1',
      dataDir: join(cwd, '.foyer/data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      rateLimits: true,
    })
    expect(config.masterKey).toHaveLength(32)
    const keyFile = join(cwd, '.foyer/master.key')
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
    expect(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64')).toEqual(
      Buffer.from(config.masterKey),
    )
    // The same key on the next start.
    expect((await loadConfig({}, cwd)).masterKey).toEqual(config.masterKey)
  })

  test('behavior: every variable is read', async () => {
    const key = randomBytes(32)
    const config = await loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '9000',
        HOST: '0.0.0.0',
        FOYER_DATA_DIR: '/var/foyer',
        DATABASE_URL: 'postgres://u:p@db/foyer',
        FOYER_MASTER_KEY: key.toString('base64'),
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Foyer <a@b.c>',
        FOYER_ISSUER: 'https://auth.example',
        FOYER_ACCESS_TOKEN_TTL: '900',
        FOYER_SESSION_IDLE_TIMEOUT: '86400',
        FOYER_RATE_LIMITS: 'off',
        FOYER_LOG_LEVEL: 'warn',
      },
      '/',
    )
    expect(config).toMatchObject({
      env: 'production',
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/foyer',
      databaseUrl: 'postgres://u:p@db/foyer',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Foyer <a@b.c>',
      issuer: 'https://auth.example',
      accessTokenTtlSeconds: 900,
      sessionIdleTimeoutSeconds: 86400,
      rateLimits: false,
      logLevel: 'warn',
    })
    expect(Buffer.from(config.masterKey)).toEqual(key)
  })

  test('error: production without FOYER_MASTER_KEY', async () => {
    await expect(loadConfig({ NODE_ENV: 'production' }, '/tmp')).rejects.toThrow(
      'FOYER_MASTER_KEY is required',
    )
  })

  test('error: invalid values are named', async () => {
    await expect(loadConfig({ FOYER_MASTER_KEY: 'c2hvcnQ=' }, '/tmp')).rejects.toThrow('FOYER_MASTER_KEY')
    await expect(loadConfig({ PORT: 'eighty' }, '/tmp')).rejects.toThrow('PORT')
    await expect(loadConfig({ FOYER_ACCESS_TOKEN_TTL: '86400' }, '/tmp')).rejects.toThrow(
      'FOYER_ACCESS_TOKEN_TTL',
    )
  })
})
