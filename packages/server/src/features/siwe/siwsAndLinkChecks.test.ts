import {
  type AuthResponse,
  authResponseSchema,
  SIWE_MESSAGE_MAX_LENGTH,
  SIWE_NONCE_TTL_SECONDS,
  userSchema,
} from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { type SolanaKey, testSignIn } from '../../testing/siwe/testSignIn'
import { linkedAccounts } from '../users/schema'
import { ISSUED_AT_MAX_AGE_MS } from './service'

// docs/security.md properties 38–41 for Sign-In with Solana (security property 43: "the same checks"), and security property 52 for the two
// wallet link routes: fresh proof of control (a valid signature over a live, unused nonce).

const t = useTestContext()
let counter = 0
const ORIGIN = 'http://localhost:5173'
const web = { origin: ORIGIN }
const { newAccount, solanaKey, signText, init, siweMessage, siwsText, siwsMessage, signedSiws } = testSignIn(
  () => t,
)

type Response = { statusCode: number; body: string; json(): unknown }

function post(
  url: string,
  json: unknown,
  options: { headers?: Record<string, string> | undefined; bearer?: string | undefined } = {},
) {
  return t.request({ method: 'POST', url, json, headers: options.headers ?? web, bearer: options.bearer })
}

function expectError(response: Response, status: number, code: string, error?: string) {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json() as { code: string; error: string }
  expect(body.code).toBe(code)
  if (error !== undefined) expect(body.error).toBe(error)
}

async function emailUser(): Promise<AuthResponse> {
  const email = `siws-link${++counter}@example.com`
  const code = await t.sendCode(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
  })
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

async function linkedTypes(token: string): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
  expect(response.statusCode, response.body).toBe(200)
  return userSchema
    .parse((response.json() as { user: unknown }).user)
    .linked_accounts.map((account) => account.type)
    .sort()
}

/** The `linked_accounts` rows of a wallet (type 'siwe' or 'siws', canonical subject), in any user. */
function walletRows(type: 'siwe' | 'siws', subject: string) {
  return t.db.orm
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.type, type), eq(linkedAccounts.subject, subject)))
}

/**
 * Links the signed `body` to a new email user, who then unlinks the wallet, so only the consumed nonce
 * stands between the old proof and a new link: expects the replay refused on link (for another user and
 * for the owner) and on authenticate, and no wallet row left.
 */
async function expectReplayAfterUnlinkRefused(
  family: 'siwe' | 'siws',
  body: Record<string, unknown>,
  wallet: { address: string; subject: string },
) {
  const owner = await emailUser()
  const linked = await post(`/api/v1/${family}/link`, body, { bearer: owner.token! })
  expect(linked.statusCode, linked.body).toBe(200)
  // A link keeps the caller's session (docs/linked-accounts.md#linking).
  const ownerToken = owner.token!
  const unlinked = await post(`/api/v1/${family}/unlink`, { address: wallet.address }, { bearer: ownerToken })
  expect(unlinked.statusCode, unlinked.body).toBe(200)

  const attacker = await emailUser()
  for (const bearer of [attacker.token!, ownerToken])
    expectError(
      await post(`/api/v1/${family}/link`, body, { bearer }),
      401,
      'invalid_credentials',
      'Invalid or expired nonce',
    )
  expectError(
    await post(`/api/v1/${family}/authenticate`, body),
    401,
    'invalid_credentials',
    'Invalid or expired nonce',
  )
  expect(await walletRows(family, wallet.subject)).toEqual([])
  expect(await linkedTypes(attacker.token!)).toEqual(['email'])
}

describe('SIWS security property 38: the nonce expires', () => {
  test('boundary: a signed message works until the nonce expires and fails 1 s after', async () => {
    const signed = await signedSiws()
    // Issued At would be too old once the nonce is dead, so the clock moves, not Issued At, for the live case.
    t.advance(SIWE_NONCE_TTL_SECONDS * 1000 - 1)
    const live = await post('/api/v1/siws/authenticate', signed)
    expect(live.statusCode, live.body).toBe(200)

    // For the dead case Issued At is set to the authenticate time, so only the nonce can be what fails.
    const late = await signedSiws(solanaKey(), {
      issuedAt: new Date(t.now() + SIWE_NONCE_TTL_SECONDS * 1000 + 1000).toISOString(),
    })
    t.advance(SIWE_NONCE_TTL_SECONDS * 1000 + 1000)
    expectError(
      await post('/api/v1/siws/authenticate', late),
      401,
      'invalid_credentials',
      'Invalid or expired nonce',
    )
  })
})

describe('SIWS security property 39: Origin', () => {
  test('error: an Origin the app does not allow → 403 invalid_origin, even same-origin with a matching message', async () => {
    // Domain and URI match the request's Origin, so only the app's allowed origins can refuse it.
    const body = await signedSiws(solanaKey(), { domain: 'evil.example', uri: 'https://evil.example' })
    expectError(
      await post('/api/v1/siws/authenticate', body, {
        headers: { origin: 'https://evil.example', host: 'evil.example' },
      }),
      403,
      'invalid_origin',
      'Origin https://evil.example is not allowed for this app',
    )
    // Cross-site from that origin: refused too.
    expectError(
      await post('/api/v1/siws/authenticate', body, { headers: { origin: 'https://evil.example' } }),
      403,
      'invalid_origin',
    )
  })

  test('error: no Origin header → 403 missing_origin', async () => {
    expectError(
      await post('/api/v1/siws/authenticate', await signedSiws(), { headers: {} }),
      403,
      'missing_origin',
      'Missing Origin header',
    )
  })
})

describe('SIWS security property 40: Issued At too old', () => {
  test('error: issuedAt 11 min ago → 401 Message is too old', async () => {
    const signed = await signedSiws(solanaKey(), { issuedAt: new Date(t.now() - 11 * 60_000).toISOString() })
    expectError(
      await post('/api/v1/siws/authenticate', signed),
      401,
      'invalid_credentials',
      'Message is too old',
    )
  })

  test('boundary: issuedAt exactly the maximum age is accepted; 1 s older is refused', async () => {
    expect(ISSUED_AT_MAX_AGE_MS).toBeLessThanOrEqual(600_000)
    const key = solanaKey()
    const tooOld = await signedSiws(key, {
      issuedAt: new Date(t.now() - ISSUED_AT_MAX_AGE_MS - 1000).toISOString(),
    })
    expectError(
      await post('/api/v1/siws/authenticate', tooOld),
      401,
      'invalid_credentials',
      'Message is too old',
    )
    const oldest = await signedSiws(key, { issuedAt: new Date(t.now() - ISSUED_AT_MAX_AGE_MS).toISOString() })
    const response = await post('/api/v1/siws/authenticate', oldest)
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('SIWS security property 41: maximum length', () => {
  /** A correctly signed SIWS message of exactly `length` characters (the statement pads it). */
  async function messageOfLength(key: SolanaKey, length: number) {
    const { nonce } = await init('siws', key.address)
    const build = (statement: string) => siwsText(key.address, nonce, { statement })
    const base = build('x')
    const message = build('x'.repeat(1 + length - base.length))
    expect(message).toHaveLength(length)
    return { message, signature: signText(message, key.privateKey) }
  }

  test('error: a signed message of SIWE_MESSAGE_MAX_LENGTH + 1 characters → 400 invalid_data', async () => {
    const key = solanaKey()
    const body = await messageOfLength(key, SIWE_MESSAGE_MAX_LENGTH + 1)
    expectError(await post('/api/v1/siws/authenticate', body), 400, 'invalid_data')
    // The same on link, and nothing was linked.
    const auth = await emailUser()
    expectError(
      await post('/api/v1/siws/link', await messageOfLength(key, SIWE_MESSAGE_MAX_LENGTH + 1), {
        bearer: auth.token!,
      }),
      400,
      'invalid_data',
    )
    expect(await walletRows('siws', key.address)).toEqual([])
  })

  test('boundary: exactly SIWE_MESSAGE_MAX_LENGTH characters is accepted', async () => {
    expect(SIWE_MESSAGE_MAX_LENGTH).toBe(4096)
    const key = solanaKey()
    const response = await post(
      '/api/v1/siws/authenticate',
      await messageOfLength(key, SIWE_MESSAGE_MAX_LENGTH),
    )
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('security property 52: /api/v1/siwe/link needs a valid signature over an unused nonce', () => {
  test('error: a signature by another key → 401 Invalid signature, no account linked; the right one then links', async () => {
    const auth = await emailUser()
    const account = newAccount()
    const message = await siweMessage(account)
    for (const signature of [await newAccount().signMessage({ message }), '0x1234'])
      expectError(
        await post('/api/v1/siwe/link', { message, signature, chainId: 1 }, { bearer: auth.token! }),
        401,
        'invalid_credentials',
        'Invalid signature',
      )
    expect(await walletRows('siwe', account.address.toLowerCase())).toEqual([])
    expect(await linkedTypes(auth.token!)).toEqual(['email'])
    // The refusals did not revoke the session, and a real proof over the same message links.
    const linked = await post(
      '/api/v1/siwe/link',
      { message, signature: await account.signMessage({ message }), chainId: 1 },
      { bearer: auth.token! },
    )
    expect(linked.statusCode, linked.body).toBe(200)
    expect(await walletRows('siwe', account.address.toLowerCase())).toHaveLength(1)
  })

  test('error: replaying a message whose nonce a link consumed → 401 Invalid or expired nonce, for anyone', async () => {
    const account = newAccount()
    const message = await siweMessage(account)
    await expectReplayAfterUnlinkRefused(
      'siwe',
      { message, signature: await account.signMessage({ message }), chainId: 1 },
      { address: account.address, subject: account.address.toLowerCase() },
    )
  })
})

describe('security property 52: /api/v1/siws/link needs a valid signature over an unused nonce', () => {
  test('error: a signature by another key → 401 Invalid signature, no account linked; the right one then links', async () => {
    const auth = await emailUser()
    const key = solanaKey()
    const message = await siwsMessage(key.address)
    expectError(
      await post(
        '/api/v1/siws/link',
        { message, signature: signText(message, solanaKey().privateKey) },
        { bearer: auth.token! },
      ),
      401,
      'invalid_credentials',
      'Invalid signature',
    )
    // A signature over another text by the right key fails too.
    expectError(
      await post(
        '/api/v1/siws/link',
        { message, signature: signText(`${message} `, key.privateKey) },
        { bearer: auth.token! },
      ),
      401,
      'invalid_credentials',
      'Invalid signature',
    )
    expect(await walletRows('siws', key.address)).toEqual([])
    expect(await linkedTypes(auth.token!)).toEqual(['email'])
    const linked = await post(
      '/api/v1/siws/link',
      { message, signature: signText(message, key.privateKey) },
      { bearer: auth.token! },
    )
    expect(linked.statusCode, linked.body).toBe(200)
    expect(await walletRows('siws', key.address)).toHaveLength(1)
  })

  test('error: replaying a message whose nonce a link consumed → 401 Invalid or expired nonce, for anyone', async () => {
    const key = solanaKey()
    const message = await siwsMessage(key.address)
    await expectReplayAfterUnlinkRefused(
      'siws',
      { message, signature: signText(message, key.privateKey) },
      { address: key.address, subject: key.address },
    )
  })
})
