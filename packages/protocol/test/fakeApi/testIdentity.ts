import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import {
  type AppConfig,
  defaultAppSettings,
  type EmbeddedWalletAccount,
  toPublicAppConfig,
  type User,
} from '../../src/exports/index'

/** The app id every fake-API test uses: 25 characters (docs/limits.md). */
export const testAppId = 'testapp000000000000000000'

/** The base URL the fake API stands at. */
export const testApiUrl = 'http://api.test'

const { privateKey, publicKey } = await generateKeyPair('ES256')

/** The PEM (SPKI) public key that verifies {@link signAccessToken}'s tokens, as the app config publishes it. */
export const testVerificationKey = await exportSPKI(publicKey)

/**
 * A real ES256 access token (issuer `foyer`) for `testAppId` (or `aud`, plus `aid` when given), subject
 * `did:foyer:user-1` unless `sub`, session `sid`, expiring `ttlSeconds` (default 3600) from now.
 *
 * @example const token = await signAccessToken({ ttlSeconds: 10 })
 */
export async function signAccessToken(
  options: { ttlSeconds?: number; aud?: string; aid?: string; sid?: string; sub?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sid: options.sid ?? 'session-1', ...(options.aid ? { aid: options.aid } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setSubject(options.sub ?? 'did:foyer:user-1')
    .setIssuer('foyer')
    .setAudience(options.aud ?? testAppId)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 3600))
    .sign(privateKey)
}

/** The user the fake API signs in by default: one verified email account, `ada@example.com`. */
export const testUser: User = {
  id: 'did:foyer:user-1',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'email',
      address: 'ada@example.com',
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
}

/**
 * An embedded wallet linked account as the server returns it (docs/linked-accounts.md#account-shapes): the
 * first (`wallet_index` 0) Ethereum wallet at `0xf39F…2266`, recovered by Foyer, neither imported nor
 * delegated, verified at Unix second 1; `overrides` on top.
 *
 * @example testEmbeddedWallet({ address: solanaAddress, chain_type: 'solana' })
 */
export function testEmbeddedWallet(overrides: Partial<EmbeddedWalletAccount> = {}): EmbeddedWalletAccount {
  return {
    type: 'wallet',
    id: 'wallet0000000000000000001',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    chain_type: 'ethereum',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    recovery_method: 'privy',
    wallet_index: 0,
    imported: false,
    delegated: false,
    verified_at: 1,
    first_verified_at: 1,
    latest_verified_at: 1,
    ...overrides,
  }
}

/**
 * The app config the fake API answers by default: `defaultAppSettings` for `testAppId` ('Test App'), with the
 * key of {@link signAccessToken} as `verification_key`, `overrides` on top. The secret and server-only
 * settings are dropped, as the server's answer drops them.
 *
 * @example testAppConfig({ sms_auth: true })
 */
export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // The server's own projection: every server-only setting (secrets, client registrations) is dropped.
  const config = toPublicAppConfig(defaultAppSettings, {
    id: testAppId,
    name: 'Test App',
    verification_key: testVerificationKey,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    allowed_origins: [],
  })
  return { ...config, ...overrides }
}
