import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadConfig } from './loadConfig'

/** A new empty directory to load the configuration in (no `.env` file, no data directory). */
function emptyDirectory(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'foyer-config-'))
}

/** `loadConfig` refuses each of `values` for `variable` with an error that names the variable. */
async function expectRefused(variable: string, values: readonly string[], cwd: string): Promise<void> {
  for (const value of values) await expect(loadConfig({ [variable]: value }, cwd)).rejects.toThrow(variable)
}

describe('loadConfig', () => {
  test('default: development defaults and a generated master key kept in the data directory, mode 0600', async () => {
    const cwd = await emptyDirectory()
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
    const keyFile = join(cwd, '.foyer/data/master.key')
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
    expect((await stat(join(cwd, '.foyer/data'))).mode & 0o777).toBe(0o700)
    expect(existsSync(join(cwd, '.foyer/master.key'))).toBe(false)
    expect(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64')).toEqual(
      Buffer.from(config.masterKey),
    )
    // The same key on the next start.
    expect((await loadConfig({}, cwd)).masterKey).toEqual(config.masterKey)
  })

  test('behavior: two data directories in one folder each keep their own development key', async () => {
    const cwd = await emptyDirectory()
    const first = await loadConfig({ FOYER_DATA_DIR: 'one' }, cwd)
    const second = await loadConfig({ FOYER_DATA_DIR: 'two' }, cwd)
    expect(Buffer.from(first.masterKey)).not.toEqual(Buffer.from(second.masterKey))
    expect(existsSync(join(cwd, 'one/master.key'))).toBe(true)
    expect(existsSync(join(cwd, 'two/master.key'))).toBe(true)
    expect(existsSync(join(cwd, 'master.key'))).toBe(false)
  })

  test('behavior: a key where earlier versions kept it (beside the data directory) is moved in, and logged', async () => {
    const cwd = await emptyDirectory()
    const key = randomBytes(32)
    await mkdir(join(cwd, '.foyer/data'), { recursive: true, mode: 0o755 })
    await writeFile(join(cwd, '.foyer/master.key'), `${key.toString('base64')}\n`, { mode: 0o644 })
    const logged: string[] = []
    const config = await loadConfig({}, cwd, { log: (message) => logged.push(message) })
    expect(Buffer.from(config.masterKey)).toEqual(key)
    expect(existsSync(join(cwd, '.foyer/master.key'))).toBe(false)
    expect(logged).toEqual([
      `Moved the development master key from ${join(cwd, '.foyer/master.key')} to ${join(cwd, '.foyer/data/master.key')}`,
    ])
    // Owner-only, though the old file and the directory were not.
    expect((await stat(join(cwd, '.foyer/data/master.key'))).mode & 0o777).toBe(0o600)
    expect((await stat(join(cwd, '.foyer/data'))).mode & 0o777).toBe(0o700)
    // Once only: the next start reads it in place and logs nothing.
    const again = await loadConfig({}, cwd, { log: (message) => logged.push(message) })
    expect(Buffer.from(again.masterKey)).toEqual(key)
    expect(logged).toHaveLength(1)
  })

  test('behavior: a key in the data directory wins over one left at the old place, which stays', async () => {
    const cwd = await emptyDirectory()
    const current = randomBytes(32)
    await mkdir(join(cwd, 'data'), { recursive: true })
    await writeFile(join(cwd, 'data/master.key'), current.toString('base64'))
    await chmod(join(cwd, 'data/master.key'), 0o640)
    await writeFile(join(cwd, 'master.key'), randomBytes(32).toString('base64'))
    const config = await loadConfig({ FOYER_DATA_DIR: 'data' }, cwd, { log: () => {} })
    expect(Buffer.from(config.masterKey)).toEqual(current)
    expect(existsSync(join(cwd, 'master.key'))).toBe(true)
    expect((await stat(join(cwd, 'data/master.key'))).mode & 0o777).toBe(0o600)
  })

  test('error: a data directory holding a database but no key is refused, not given a new key', async () => {
    const cwd = await emptyDirectory()
    await mkdir(join(cwd, 'data'), { recursive: true })
    await writeFile(join(cwd, 'data/PG_VERSION'), '17\n')
    await expect(loadConfig({ FOYER_DATA_DIR: 'data' }, cwd)).rejects.toThrow(
      `${join(cwd, 'data/master.key')} is missing, but ${join(cwd, 'data')} holds a database sealed with a development master key`,
    )
    expect(existsSync(join(cwd, 'data/master.key'))).toBe(false)
    // FOYER_MASTER_KEY set: no development key involved.
    const key = randomBytes(32).toString('base64')
    await expect(loadConfig({ FOYER_DATA_DIR: 'data', FOYER_MASTER_KEY: key }, cwd)).resolves.toBeDefined()
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
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        TWILIO_BASE_URL: 'http://127.0.0.1:9999',
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
      twilio: {
        accountSid: 'AC123',
        authToken: 'token',
        from: '+15005550006',
        baseUrl: 'http://127.0.0.1:9999',
      },
      issuer: 'https://auth.example',
      accessTokenTtlSeconds: 900,
      sessionIdleTimeoutSeconds: 86400,
      rateLimits: false,
      logLevel: 'warn',
    })
    expect(Buffer.from(config.masterKey)).toEqual(key)
  })

  test('error: Twilio variables go together', async () => {
    await expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC123' }, '/tmp')).rejects.toThrow(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    )
  })

  test('error: production without FOYER_MASTER_KEY', async () => {
    await expect(loadConfig({ NODE_ENV: 'production' }, '/tmp')).rejects.toThrow(
      'FOYER_MASTER_KEY is required',
    )
  })

  test('error: invalid values are named', async () => {
    await expectRefused('FOYER_MASTER_KEY', ['c2hvcnQ='], '/tmp')
    await expectRefused('PORT', ['eighty'], '/tmp')
    await expectRefused('FOYER_ACCESS_TOKEN_TTL', ['86400'], '/tmp')
  })

  test('default: FOYER_EVM_RPC_URLS gives an RPC URL per chain id; malformed pairs are named', async () => {
    const cwd = await emptyDirectory()
    expect((await loadConfig({}, cwd)).evmRpcUrls).toEqual({})
    const config = await loadConfig(
      { FOYER_EVM_RPC_URLS: '31337=http://127.0.0.1:8545, 1=https://rpc.example/v1' },
      cwd,
    )
    expect(config.evmRpcUrls).toEqual({ 31337: 'http://127.0.0.1:8545', 1: 'https://rpc.example/v1' })
    await expectRefused('FOYER_EVM_RPC_URLS', ['31337:http://x', '0=http://x'], cwd)
  })

  test('default: FOYER_DEMO_HOST_JWKS_URL is read; not a URL is named', async () => {
    const cwd = await emptyDirectory()
    expect((await loadConfig({}, cwd)).demoHostJwksUrl).toBeUndefined()
    const url = 'http://localhost:5173/api/host/jwks.json'
    expect((await loadConfig({ FOYER_DEMO_HOST_JWKS_URL: url }, cwd)).demoHostJwksUrl).toBe(url)
    await expectRefused('FOYER_DEMO_HOST_JWKS_URL', ['nope'], cwd)
  })

  test('default: FOYER_TURNSTILE_VERIFY_URL sets the captcha siteverify URL; not a URL is named', async () => {
    const cwd = await emptyDirectory()
    expect((await loadConfig({}, cwd)).turnstileVerifyUrl).toBeUndefined()
    const config = await loadConfig(
      { FOYER_TURNSTILE_VERIFY_URL: ' http://127.0.0.1:8790/turnstile/v0/siteverify ' },
      cwd,
    )
    expect(config.turnstileVerifyUrl).toBe('http://127.0.0.1:8790/turnstile/v0/siteverify')
    await expectRefused('FOYER_TURNSTILE_VERIFY_URL', ['not a url'], cwd)
  })
})

describe('loadConfig: OAuth', () => {
  test('default: FOYER_PUBLIC_URL and FOYER_OAUTH_ENDPOINTS_JSON', async () => {
    const cwd = await emptyDirectory()
    const endpoints = { github: { tokenUrl: 'http://127.0.0.1:9000/token', emailsUrl: null } }
    const config = await loadConfig(
      { FOYER_PUBLIC_URL: 'https://auth.example', FOYER_OAUTH_ENDPOINTS_JSON: JSON.stringify(endpoints) },
      cwd,
    )
    expect(config.publicUrl).toBe('https://auth.example')
    expect(config.oauthProviders).toEqual(endpoints)
    expect((await loadConfig({}, cwd)).oauthProviders).toBeUndefined()
  })

  test('error: FOYER_OAUTH_ENDPOINTS_JSON not JSON, unknown provider or field', async () => {
    const cwd = await emptyDirectory()
    await expectRefused(
      'FOYER_OAUTH_ENDPOINTS_JSON',
      ['{', '{"myspace":{"tokenUrl":"http://x"}}', '{"github":{"tokenURL":"http://x"}}'],
      cwd,
    )
  })

  test('default: FOYER_DEMO_OAUTH_SETTINGS_JSON gives the demo app its provider flags and clients', async () => {
    const cwd = await emptyDirectory()
    const settings = {
      google_oauth: true,
      oauth: {
        clients: { google: { client_id: 'demo', client_secret: 's', scopes: [], apple: null } },
        return_tokens: false,
      },
    }
    const config = await loadConfig({ FOYER_DEMO_OAUTH_SETTINGS_JSON: JSON.stringify(settings) }, cwd)
    expect(config.demoOAuthSettings).toEqual(settings)
    expect((await loadConfig({}, cwd)).demoOAuthSettings).toBeUndefined()
  })

  test('default: FOYER_DEMO_TELEGRAM_SETTINGS_JSON gives the demo app its bot', async () => {
    const cwd = await emptyDirectory()
    const settings = {
      telegram_auth: true,
      telegram_auth_config: {
        bot_id: '1',
        bot_name: 'demo_bot',
        link_enabled: true,
        seamless_auth_enabled: true,
      },
      telegram_bot_token: '1:secret',
    }
    const config = await loadConfig({ FOYER_DEMO_TELEGRAM_SETTINGS_JSON: JSON.stringify(settings) }, cwd)
    expect(config.demoTelegramSettings).toEqual(settings)
    await expectRefused('FOYER_DEMO_TELEGRAM_SETTINGS_JSON', ['{"email_auth":false}'], cwd)
  })

  test('error: FOYER_DEMO_OAUTH_SETTINGS_JSON not JSON, or a setting outside OAuth', async () => {
    const cwd = await emptyDirectory()
    await expect(loadConfig({ FOYER_DEMO_OAUTH_SETTINGS_JSON: '{' }, cwd)).rejects.toThrow(
      'FOYER_DEMO_OAUTH_SETTINGS_JSON: not JSON',
    )
    await expectRefused('FOYER_DEMO_OAUTH_SETTINGS_JSON', ['{"email_auth":false}'], cwd)
  })

  test('default: the FOYER_FARCASTER_* variables point Farcaster elsewhere; bad values are named', async () => {
    const cwd = await emptyDirectory()
    const defaults = await loadConfig({}, cwd)
    expect(defaults.farcaster).toEqual({})
    expect(defaults.demoFarcaster).toBe(false)
    const config = await loadConfig(
      {
        FOYER_FARCASTER_RELAY_URL: 'http://127.0.0.1:8801',
        FOYER_FARCASTER_RPC_URL: 'http://127.0.0.1:8545',
        FOYER_FARCASTER_ID_REGISTRY_ADDRESS: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
        FOYER_FARCASTER_USER_DATA_URL: 'http://127.0.0.1:8802',
        FOYER_FARCASTER_USER_DATA_API_KEY: 'key',
        FOYER_DEMO_FARCASTER: 'on',
      },
      cwd,
    )
    expect(config.farcaster).toEqual({
      relayUrl: 'http://127.0.0.1:8801',
      rpcUrl: 'http://127.0.0.1:8545',
      idRegistryAddress: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      userDataUrl: 'http://127.0.0.1:8802',
      userDataApiKey: 'key',
    })
    expect(config.demoFarcaster).toBe(true)
    await expectRefused('FOYER_FARCASTER_RELAY_URL', ['relay'], cwd)
    await expectRefused('FOYER_FARCASTER_ID_REGISTRY_ADDRESS', ['0x12'], cwd)
  })
})

describe('loadConfig: Farcaster signer', () => {
  test('default: FOYER_FARCASTER_SIGNER_API_URL', async () => {
    const cwd = await emptyDirectory()
    const config = await loadConfig({ FOYER_FARCASTER_SIGNER_API_URL: 'http://127.0.0.1:9100' }, cwd)
    expect(config.farcasterSignerApiUrl).toBe('http://127.0.0.1:9100')
    expect((await loadConfig({}, cwd)).farcasterSignerApiUrl).toBeUndefined()
    await expectRefused('FOYER_FARCASTER_SIGNER_API_URL', ['not a url'], cwd)
  })
})

describe('loadConfig: the demo Farcaster developer account', () => {
  test('default: FOYER_DEMO_FARCASTER_DEVELOPER_JSON', async () => {
    const cwd = await emptyDirectory()
    const account = { fid: 9152, custody_private_key: `0x${'11'.repeat(32)}` }
    const config = await loadConfig({ FOYER_DEMO_FARCASTER_DEVELOPER_JSON: JSON.stringify(account) }, cwd)
    expect(config.demoFarcasterDeveloperAccount).toEqual(account)
    expect((await loadConfig({}, cwd)).demoFarcasterDeveloperAccount).toBeUndefined()
  })

  test('error: not JSON or not a developer account', async () => {
    const cwd = await emptyDirectory()
    await expectRefused(
      'FOYER_DEMO_FARCASTER_DEVELOPER_JSON',
      ['{', '{"fid":9152,"custody_private_key":"0x12"}'],
      cwd,
    )
  })
})

describe('loadConfig: production settings', () => {
  test('default: production settings are off or unset unless given', async () => {
    const config = await loadConfig({}, '/tmp')
    expect(config).toMatchObject({
      devMailbox: false,
      refreshTokenGraceSeconds: undefined,
      analyticsRetentionDays: undefined,
      trustProxy: undefined,
      metrics: false,
      redisUrl: undefined,
    })
  })

  test('behavior: the production settings are read', async () => {
    const config = await loadConfig(
      {
        FOYER_DEV_MAILBOX: '1',
        HOST: '::1',
        FOYER_REFRESH_GRACE: '120',
        FOYER_ANALYTICS_RETENTION_DAYS: '7',
        FOYER_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        FOYER_METRICS: 'on',
        REDIS_URL: 'redis://127.0.0.1:6379',
      },
      '/tmp',
    )
    expect(config).toMatchObject({
      devMailbox: true,
      refreshTokenGraceSeconds: 120,
      analyticsRetentionDays: 7,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      metrics: true,
      redisUrl: 'redis://127.0.0.1:6379',
    })
    expect((await loadConfig({ FOYER_TRUST_PROXY: '2' }, '/tmp')).trustProxy).toBe(2)
    expect((await loadConfig({ FOYER_TRUST_PROXY: 'true' }, '/tmp')).trustProxy).toBe(true)
  })

  test('error: FOYER_DEV_MAILBOX=1 on a non-loopback HOST or in production', async () => {
    await expect(loadConfig({ FOYER_DEV_MAILBOX: '1', HOST: '0.0.0.0' }, '/tmp')).rejects.toThrow(
      /FOYER_DEV_MAILBOX=1 .* HOST must be a loopback address/,
    )
    await expect(
      loadConfig(
        {
          FOYER_DEV_MAILBOX: '1',
          NODE_ENV: 'production',
          FOYER_MASTER_KEY: Buffer.alloc(32).toString('base64'),
        },
        '/tmp',
      ),
    ).rejects.toThrow(/not allowed in production/)
  })

  test('error: FOYER_REFRESH_GRACE out of range, FOYER_TRUST_PROXY malformed', async () => {
    await expect(loadConfig({ FOYER_REFRESH_GRACE: '0' }, '/tmp')).rejects.toThrow(/FOYER_REFRESH_GRACE/)
    await expect(loadConfig({ FOYER_REFRESH_GRACE: '301' }, '/tmp')).rejects.toThrow(/FOYER_REFRESH_GRACE/)
    await expect(loadConfig({ FOYER_TRUST_PROXY: 'proxy.example' }, '/tmp')).rejects.toThrow(
      /FOYER_TRUST_PROXY/,
    )
  })
})

describe('loadConfig: funding', () => {
  test('default: FOYER_MOONPAY_WIDGET_URL, FOYER_MOONPAY_SANDBOX_WIDGET_URL, FOYER_PRICE_SOURCE_URL', async () => {
    const cwd = await emptyDirectory()
    const config = await loadConfig(
      {
        FOYER_MOONPAY_WIDGET_URL: 'http://127.0.0.1:8797/widget',
        FOYER_MOONPAY_SANDBOX_WIDGET_URL: 'http://127.0.0.1:8797/widget-sandbox',
        FOYER_PRICE_SOURCE_URL: 'http://127.0.0.1:8798',
      },
      cwd,
    )
    expect(config.funding).toEqual({
      moonpayWidgetUrl: 'http://127.0.0.1:8797/widget',
      moonpaySandboxWidgetUrl: 'http://127.0.0.1:8797/widget-sandbox',
      priceSourceUrl: 'http://127.0.0.1:8798',
    })
    expect((await loadConfig({}, cwd)).funding).toEqual({})
    await expectRefused('FOYER_PRICE_SOURCE_URL', ['not a url'], cwd)
  })
})

describe("loadConfig: the demo app's smart wallets", () => {
  test('default: FOYER_DEMO_SMART_WALLETS_JSON is the smart_wallet_config; unset leaves it undefined', async () => {
    const cwd = await emptyDirectory()
    const smartWallets = {
      enabled: true,
      smart_wallet_type: 'safe',
      configured_networks: [
        {
          chain_id: 'eip155:31337',
          bundler_url: 'http://127.0.0.1:4337',
          paymaster_url: 'http://127.0.0.1:4338',
          paymaster_context: null,
        },
      ],
    }
    const config = await loadConfig({ FOYER_DEMO_SMART_WALLETS_JSON: JSON.stringify(smartWallets) }, cwd)
    expect(config.demoSmartWallets).toEqual(smartWallets)
    expect((await loadConfig({}, cwd)).demoSmartWallets).toBeUndefined()
  })

  test('error: not JSON, or an unknown smart wallet type', async () => {
    const cwd = await emptyDirectory()
    await expectRefused(
      'FOYER_DEMO_SMART_WALLETS_JSON',
      ['{', '{"enabled":true,"smart_wallet_type":"mystery","configured_networks":[]}'],
      cwd,
    )
  })
})

describe("loadConfig: the demo app's gas sponsorship", () => {
  test('default: FOYER_DEMO_GAS_SPONSORSHIP_JSON is the gas_sponsorship setting; a key that is not 32 bytes is refused', async () => {
    const cwd = await emptyDirectory()
    const gasSponsorship = {
      paymaster_address: '0x00000000000000000000000000000000000000b2',
      signer_private_key: `0x${'ab'.repeat(32)}`,
      chain_ids: [31337],
      daily_limit_wei_per_user: '10000000000000000',
    }
    const config = await loadConfig({ FOYER_DEMO_GAS_SPONSORSHIP_JSON: JSON.stringify(gasSponsorship) }, cwd)
    expect(config.demoGasSponsorship).toEqual(gasSponsorship)
    expect((await loadConfig({}, cwd)).demoGasSponsorship).toBeUndefined()
    await expectRefused(
      'FOYER_DEMO_GAS_SPONSORSHIP_JSON',
      ['{', JSON.stringify({ ...gasSponsorship, signer_private_key: '0xab' })],
      cwd,
    )
  })
})

describe('loadConfig: delegated actions', () => {
  test('default: FOYER_DEMO_DELEGATED_ACTIONS_JSON; the wallet API sends on the chains of FOYER_EVM_RPC_URLS', async () => {
    const cwd = await emptyDirectory()
    const settings = {
      authorization_public_keys: ['MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE'],
      policy: { version: '1.0', name: 'Sends', chain_type: 'ethereum', rules: [] },
      daily_value_limit_wei: '10000000000000000',
    }
    const config = await loadConfig(
      {
        FOYER_DEMO_DELEGATED_ACTIONS_JSON: JSON.stringify(settings),
        FOYER_EVM_RPC_URLS: '31337=http://127.0.0.1:8545',
      },
      cwd,
    )
    expect(config.demoDelegatedActions).toEqual(settings)
    const feature = config.features.find((entry) => entry.id === 'delegated_actions')
    expect(feature?.options).toEqual({ rpcUrls: { 31337: 'http://127.0.0.1:8545' }, solanaRpcUrls: {} })
    expect((await loadConfig({}, cwd)).demoDelegatedActions).toBeUndefined()
  })

  test('default: FOYER_SIGNER_URL and FOYER_SIGNER_SECRET name the signer; FOYER_SOLANA_RPC_URLS the clusters', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'foyer-config-'))
    const secret = Buffer.alloc(32, 7).toString('base64')
    const cluster = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const config = await loadConfig(
      {
        FOYER_SIGNER_URL: 'http://10.0.0.5:8790',
        FOYER_SIGNER_SECRET: secret,
        FOYER_SOLANA_RPC_URLS: `${cluster}=https://solana.example`,
      },
      cwd,
    )
    const feature = config.features.find((entry) => entry.id === 'delegated_actions')
    expect(feature?.options).toEqual({
      rpcUrls: {},
      solanaRpcUrls: { [cluster]: 'https://solana.example' },
      signer: { url: 'http://10.0.0.5:8790', secret: new Uint8Array(Buffer.alloc(32, 7)) },
    })
    await expect(
      loadConfig({ FOYER_SIGNER_URL: 'http://10.0.0.5:8790', FOYER_SIGNER_SECRET: 'c2hvcnQ=' }, cwd),
    ).rejects.toThrow('FOYER_SIGNER_SECRET')
    await expect(loadConfig({ FOYER_SOLANA_RPC_URLS: 'mainnet=https://x' }, cwd)).rejects.toThrow(
      'FOYER_SOLANA_RPC_URLS',
    )
  })

  test('error: not JSON or not a delegated-actions setting', async () => {
    const cwd = await emptyDirectory()
    await expectRefused('FOYER_DEMO_DELEGATED_ACTIONS_JSON', ['{', '{"policy":null}'], cwd)
  })
})

describe('loadConfig: exchange funding (Coinbase Onramp)', () => {
  test('default: FOYER_COINBASE_API_URL and FOYER_DEMO_COINBASE_JSON', async () => {
    const cwd = await emptyDirectory()
    const coinbase = { project_id: 'project-1', api_key_id: 'key-1', api_key_secret: 'c2VjcmV0' }
    const config = await loadConfig(
      { FOYER_COINBASE_API_URL: 'http://127.0.0.1:8801', FOYER_DEMO_COINBASE_JSON: JSON.stringify(coinbase) },
      cwd,
    )
    expect(config.funding.coinbaseApiUrl).toBe('http://127.0.0.1:8801')
    expect(config.demoCoinbase).toEqual(coinbase)
    const unset = await loadConfig({}, cwd)
    expect(unset.demoCoinbase).toBeUndefined()
    expect(unset.funding.coinbaseApiUrl).toBeUndefined()
  })

  test('error: not a URL, not JSON or not a Coinbase project', async () => {
    const cwd = await emptyDirectory()
    await expectRefused('FOYER_COINBASE_API_URL', ['nope'], cwd)
    await expectRefused('FOYER_DEMO_COINBASE_JSON', ['{', '{"project_id":"p"}'], cwd)
  })

  test("default: FOYER_DEMO_ICLOUD_JSON is the demo app's iCloud container (npm run demo, the CloudKit stand-in)", async () => {
    const cwd = await emptyDirectory()
    const icloud = {
      container_identifier: 'iCloud.dev.foyer.demo',
      environment: 'development',
      api_token: 'ck-token',
    }
    const config = await loadConfig(
      { FOYER_CLOUDKIT_API_URL: 'http://127.0.0.1:8806', FOYER_DEMO_ICLOUD_JSON: JSON.stringify(icloud) },
      cwd,
    )
    expect(config.demoIcloud).toEqual(icloud)
    expect((await loadConfig({}, cwd)).demoIcloud).toBeUndefined()
    await expectRefused(
      'FOYER_DEMO_ICLOUD_JSON',
      [
        '{',
        JSON.stringify({ ...icloud, api_token: null }),
        JSON.stringify({ ...icloud, container_identifier: 'x' }),
      ],
      cwd,
    )
  })

  test('default: a sweep every 10 min, guests kept 30 idle days, 10 s for headers, 100 connections per IP', async () => {
    const cwd = await emptyDirectory()
    expect(await loadConfig({}, cwd)).toMatchObject({
      sweepIntervalSeconds: 600,
      guestMaxIdleDays: 30,
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
      maxConnectionsPerIp: 100,
    })
  })

  test('behavior: behind a proxy (FOYER_TRUST_PROXY) there is no per-IP connection cap unless one is set', async () => {
    const cwd = await emptyDirectory()
    expect((await loadConfig({ FOYER_TRUST_PROXY: '1' }, cwd)).maxConnectionsPerIp).toBe(0)
    expect(
      (await loadConfig({ FOYER_TRUST_PROXY: '1', FOYER_MAX_CONNECTIONS_PER_IP: '20' }, cwd))
        .maxConnectionsPerIp,
    ).toBe(20)
  })

  test('error: a headers time-out above a minute is refused', async () => {
    const cwd = await emptyDirectory()
    await expectRefused('FOYER_HEADERS_TIMEOUT_SECONDS', ['61'], cwd)
  })
})

describe('loadConfig: Google Drive recovery', () => {
  test('default: FOYER_GOOGLE_DRIVE_API_URL is the Drive API base URL; unset, none (Google)', async () => {
    const cwd = await emptyDirectory()
    const config = await loadConfig({ FOYER_GOOGLE_DRIVE_API_URL: 'http://127.0.0.1:8802' }, cwd)
    expect(config.googleDriveApiUrl).toBe('http://127.0.0.1:8802')
    expect((await loadConfig({}, cwd)).googleDriveApiUrl).toBeUndefined()
    await expectRefused('FOYER_GOOGLE_DRIVE_API_URL', ['nope'], cwd)
  })
})
