import { authResponseSchema, SIWE_NONCE_TTL_SECONDS, userSchema } from '@foyer/protocol'
import { base58 } from '@scure/base'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { linkedAccountTypes } from '../../test/linkedAccountTypes'
import { useTestContext } from '../../test/useTestContext'
import { type SiweOverrides, testSignIn } from '../../testing/siwe/testSignIn'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { walletNonces } from './schema'

const t = useTestContext()
const ORIGIN = 'http://localhost:5173'
const web = { origin: ORIGIN }
const { newAccount, solanaKey, signText, init, siweText, siweMessage, signedSiwe, siwsMessage, signedSiws } =
  testSignIn(() => t)

function post(
  url: string,
  json: unknown,
  options: {
    headers?: Record<string, string> | undefined
    bearer?: string | undefined
    appId?: string | undefined
  } = {},
) {
  return t.request({
    method: 'POST',
    url,
    json,
    headers: options.headers ?? web,
    bearer: options.bearer,
    appId: options.appId,
  })
}

/** `POST /api/v1/siwe/authenticate` or `…/link` with `body` (`chainId: 1` unless it sets one). */
function postSiwe(
  action: 'authenticate' | 'link',
  body: Record<string, unknown>,
  options: Parameters<typeof post>[2] = {},
) {
  return post(`/api/v1/siwe/${action}`, { chainId: 1, ...body }, options)
}

async function siweSignIn(account = newAccount(), body: Record<string, unknown> = {}) {
  const response = await postSiwe('authenticate', {
    ...(await signedSiwe(account)),
    chainId: 'eip155:1',
    ...body,
  })
  expect(response.statusCode, response.body).toBe(200)
  return { account, auth: authResponseSchema.parse(response.json()) }
}

async function me(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
  return userSchema.parse(response.json().user)
}

const expectError = (
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  error?: string | RegExp,
) => {
  expect(response.statusCode).toBe(status)
  const body = response.json() as { code: string; error: string }
  expect(body.code).toBe(code)
  if (typeof error === 'string') expect(body.error).toBe(error)
  else if (error) expect(body.error).toMatch(error)
}

/** A used, expired, foreign or made-up nonce → 401 `invalid_credentials` 'Invalid or expired nonce'. */
const expectDeadNonce = (response: { statusCode: number; json(): unknown }) =>
  expectError(response, 401, 'invalid_credentials', 'Invalid or expired nonce')

describe('POST /api/v1/siwe/authenticate', () => {
  test('default: EOA sign-in creates a user with a wallet account; signing in again is the same user', async () => {
    const { account, auth } = await siweSignIn(undefined, {
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    expect(auth.is_new_user).toBe(true)
    const wallet = auth.user.linked_accounts.find((linked) => linked.type === 'wallet')
    // An external wallet: wallet_client 'unknown', none of the embedded-only keys
    // (docs/linked-accounts.md#account-shapes).
    expect(wallet).toEqual({
      type: 'wallet',
      address: account.address,
      chain_type: 'ethereum',
      chain_id: 'eip155:1',
      wallet_client: 'unknown',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      verified_at: expect.any(Number),
      first_verified_at: expect.any(Number),
      latest_verified_at: expect.any(Number),
    })
    const again = await siweSignIn(account, { chainId: 1 })
    expect(again.auth.user.id).toBe(auth.user.id)
    expect(again.auth.is_new_user).toBe(false)
  })

  test('default: mode no-signup → 404 user_does_not_exist for an unknown wallet', async () => {
    const response = await postSiwe('authenticate', { ...(await signedSiwe()), mode: 'no-signup' })
    expectError(response, 404, 'user_does_not_exist', 'User does not exist')
  })

  describe('security property 38 nonce', () => {
    test('default: init gives ≥ 96 bits alphanumeric, the EIP-55 address and expiry in 10 min', async () => {
      const account = newAccount()
      const first = await init('siwe', account.address.toLowerCase())
      const second = await init('siwe', account.address)
      expect(first.nonce).toMatch(/^[0-9a-f]{32}$/)
      expect(first.nonce).not.toBe(second.nonce)
      expect(first.address).toBe(account.address)
      expect(Date.parse(first.expires_at) - t.now()).toBe(SIWE_NONCE_TTL_SECONDS * 1000)
      expect(SIWE_NONCE_TTL_SECONDS).toBeLessThanOrEqual(600)
    })

    test('error: replaying a signed message fails (single use)', async () => {
      const signed = await signedSiwe()
      expect((await postSiwe('authenticate', signed)).statusCode).toBe(200)
      expectDeadNonce(await postSiwe('authenticate', signed))
    })

    test('boundary: 20 parallel uses of one signed message give exactly one session', async () => {
      const signed = await signedSiwe()
      const responses = await Promise.all(Array.from({ length: 20 }, () => postSiwe('authenticate', signed)))
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
      for (const response of responses.filter((r) => r.statusCode !== 200)) expectDeadNonce(response)
    })

    test('boundary: the nonce works until its expiry and fails 1 s after (message expiry kept later)', async () => {
      const signed = await signedSiwe()
      // Issued At would be too old at +600 s, so move the nonce's expiry instead of the clock for the live case.
      t.advance(SIWE_NONCE_TTL_SECONDS * 1000 - 1)
      const ok = await postSiwe('authenticate', signed)
      expect(ok.statusCode, ok.body).toBe(200)
      const late = await signedSiwe(newAccount(), {
        issuedAt: new Date(t.now() + SIWE_NONCE_TTL_SECONDS * 1000 + 1000),
      })
      t.advance(SIWE_NONCE_TTL_SECONDS * 1000 + 1000)
      expectDeadNonce(await postSiwe('authenticate', late))
    })

    test('error: a nonce issued for another address, another app, or made up fails', async () => {
      const [alice, bob] = [newAccount(), newAccount()]
      const { nonce } = await init('siwe', alice.address)
      const stolen = siweText(bob.address, nonce)
      expectDeadNonce(
        await postSiwe('authenticate', {
          message: stolen,
          signature: await bob.signMessage({ message: stolen }),
        }),
      )
      const other = await createAppRecord(t.db, {
        name: 'Other',
        allowedOrigins: [ORIGIN],
        masterKey: t.masterKey,
      })
      await updateAppSettings(t.db, other.id, { wallet_auth: true }, t.masterKey)
      expectError(
        await postSiwe('authenticate', await signedSiwe(alice, {}, { appId: other.id })),
        401,
        'invalid_credentials',
      )
      const madeUp = siweText(alice.address, 'abcdefabcdefabcdefabcdefabcdefab')
      expectDeadNonce(
        await postSiwe('authenticate', {
          message: madeUp,
          signature: await alice.signMessage({ message: madeUp }),
        }),
      )
    })

    test('default: a bad signature does not burn the nonce; the right one then works', async () => {
      const account = newAccount()
      const { message, signature } = await signedSiwe(account)
      const wrong = await newAccount().signMessage({ message })
      expectError(
        await postSiwe('authenticate', { message, signature: wrong }),
        401,
        'invalid_credentials',
        'Invalid signature',
      )
      expect((await postSiwe('authenticate', { message, signature })).statusCode).toBe(200)
      const [row] = await t.db.orm
        .select()
        .from(walletNonces)
        .where(eq(walletNonces.address, account.address.toLowerCase()))
      expect(row?.consumedAt).not.toBeNull()
    })
  })

  describe('security property 39 domain, uri, origin, chain id, version', () => {
    const cases: Array<
      [
        string,
        SiweOverrides,
        Record<string, unknown>,
        Record<string, string> | undefined,
        number,
        string,
        string | RegExp,
      ]
    > = [
      [
        'domain of another site',
        { domain: 'evil.example' },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message domain does not match the request origin',
      ],
      [
        'domain without the port',
        { domain: 'localhost' },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message domain does not match the request origin',
      ],
      [
        'scheme https for an http origin',
        { scheme: 'https' },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message domain does not match the request origin',
      ],
      [
        'uri of another origin',
        { uri: 'https://evil.example/login' },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message URI does not match the request origin',
      ],
      [
        'uri on another port',
        { uri: 'http://localhost:5174' },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message URI does not match the request origin',
      ],
      [
        'chain id 5 in the message, 1 in the body',
        { chainId: 5 },
        {},
        undefined,
        401,
        'invalid_credentials',
        'Message chain ID does not match the request chain ID',
      ],
      [
        'chain id 1 in the message, eip155:10 in the body',
        {},
        { chainId: 'eip155:10' },
        undefined,
        401,
        'invalid_credentials',
        'Message chain ID does not match the request chain ID',
      ],
      ['no Origin header', {}, {}, {}, 403, 'missing_origin', 'Missing Origin header'],
    ]
    for (const [name, overrides, body, headers, status, code, error] of cases)
      test(`error: ${name}`, async () => {
        const signed = await signedSiwe(newAccount(), overrides)
        const response = await postSiwe('authenticate', { ...signed, ...body }, { headers })
        expectError(response, status, code, error)
      })

    test('default: a uri under the origin (a path) and the matching scheme prefix are accepted', async () => {
      const signed = await signedSiwe(newAccount(), { uri: `${ORIGIN}/login?x=1`, scheme: 'http' })
      expect((await postSiwe('authenticate', signed)).statusCode).toBe(200)
    })

    test('error: an Origin that the app does not allow → 403 invalid_origin, even same-origin', async () => {
      const signed = await signedSiwe(newAccount(), { domain: 'evil.example', uri: 'https://evil.example' })
      const response = await postSiwe('authenticate', signed, {
        headers: { origin: 'https://evil.example', host: 'evil.example' },
      })
      expectError(response, 403, 'invalid_origin')
    })

    test('error: Version 2 → 400 invalid_data', async () => {
      const account = newAccount()
      const message = (await siweMessage(account)).replace('Version: 1', 'Version: 2')
      expectError(
        await postSiwe('authenticate', { message, signature: await account.signMessage({ message }) }),
        400,
        'invalid_data',
        'Invalid SIWE message: Version must be 1',
      )
    })
  })

  describe('security property 40 times, each on its own', () => {
    const minute = 60_000
    const cases: Array<[string, (now: number) => SiweOverrides, string]> = [
      [
        'issuedAt 2 min in the future',
        (now) => ({ issuedAt: new Date(now + 2 * minute) }),
        'Message issued in the future',
      ],
      ['issuedAt 11 min ago', (now) => ({ issuedAt: new Date(now - 11 * minute) }), 'Message is too old'],
      [
        'expirationTime now (fresh issuedAt)',
        (now) => ({ expirationTime: new Date(now) }),
        'Message has expired',
      ],
      [
        'expirationTime 1 s ago (notBefore fine)',
        (now) => ({ expirationTime: new Date(now - 1000), notBefore: new Date(now - minute) }),
        'Message has expired',
      ],
      [
        'notBefore 1 s ahead (expiration fine)',
        (now) => ({ notBefore: new Date(now + 1000), expirationTime: new Date(now + minute) }),
        'Message is not yet valid',
      ],
    ]
    for (const [name, overrides, error] of cases)
      test(`error: ${name}`, async () => {
        expectError(
          await postSiwe('authenticate', await signedSiwe(newAccount(), overrides(t.now()))),
          401,
          'invalid_credentials',
          error,
        )
      })

    test('boundary: notBefore = now, expirationTime = now + 1 ms, issuedAt 59 s ahead are accepted', async () => {
      const now = t.now()
      const signed = await signedSiwe(newAccount(), {
        issuedAt: new Date(now + 59_000),
        notBefore: new Date(now),
        expirationTime: new Date(now + 1),
      })
      const response = await postSiwe('authenticate', signed)
      expect(response.statusCode, response.body).toBe(200)
    })
  })

  describe('security property 41 strict parse, EIP-55, length', () => {
    test('error: a lower-case address in the message → 400 invalid_data', async () => {
      const account = newAccount()
      const message = (await siweMessage(account)).replace(account.address, account.address.toLowerCase())
      expectError(
        await postSiwe('authenticate', { message, signature: await account.signMessage({ message }) }),
        400,
        'invalid_data',
        'Invalid SIWE message: address is not EIP-55 checksummed',
      )
    })
    test('error: a message over 4096 characters → 400 invalid_data', async () => {
      expectError(
        await postSiwe('authenticate', await signedSiwe(newAccount(), { requestId: 'x'.repeat(4096) })),
        400,
        'invalid_data',
      )
    })
    test('error: an extra line → 400 invalid_data', async () => {
      const account = newAccount()
      const message = `${await siweMessage(account)}\nFoo: bar`
      expectError(
        await postSiwe('authenticate', { message, signature: await account.signMessage({ message }) }),
        400,
        'invalid_data',
        /^Invalid SIWE message: unexpected line/,
      )
    })
  })

  describe('security property 42 signatures', () => {
    test('error: a signature by another key, a malformed one, or over another text → 401 Invalid signature', async () => {
      const account = newAccount()
      const message = await siweMessage(account)
      for (const signature of [
        await newAccount().signMessage({ message }),
        '0x1234',
        await account.signMessage({ message: `${message} ` }),
        await account.signMessage({ message: { raw: '0x00' } }),
      ])
        expectError(
          await postSiwe('authenticate', { message, signature }),
          401,
          'invalid_credentials',
          'Invalid signature',
        )
    })
    test('error: a contract-wallet signature without an RPC URL for the chain → 401 Invalid signature', async () => {
      const account = newAccount()
      const message = await siweMessage(account, { chainId: 31337 })
      const signature = `0x${'ab'.repeat(100)}`
      expectError(
        await postSiwe('authenticate', { message, signature, chainId: 31337 }),
        401,
        'invalid_credentials',
        'Invalid signature',
      )
    })
  })

  test('error: wallet_auth off → 403 disallowed_login_method on init, authenticate and link', async () => {
    const off = await createAppRecord(t.db, {
      name: 'No wallets',
      allowedOrigins: [ORIGIN],
      masterKey: t.masterKey,
    })
    await updateAppSettings(t.db, off.id, { wallet_auth: false, solana_wallet_auth: false }, t.masterKey)
    const account = newAccount()
    expectError(
      await post('/api/v1/siwe/init', { address: account.address }, { appId: off.id }),
      403,
      'disallowed_login_method',
      'Login with wallet not allowed.',
    )
    expectError(
      await post(
        '/api/v1/siws/init',
        { address: base58.encode(new Uint8Array(32).fill(1)) },
        { appId: off.id },
      ),
      403,
      'disallowed_login_method',
      'Login with Solana wallet not allowed.',
    )
    expectError(
      await postSiwe('authenticate', await signedSiwe(account), { appId: off.id }),
      403,
      'disallowed_login_method',
    )
  })
})

describe('POST /api/v1/siwe/link and /unlink', () => {
  test('default: links a wallet to an email user, keeps the session; unlink removes it', async () => {
    const auth = await t.signIn()
    const account = newAccount()
    const signed = await signedSiwe(account, {}, { bearer: auth.token! })
    const response = await postSiwe(
      'link',
      { ...signed, chainId: 'eip155:1', connectorType: 'injected' },
      { bearer: auth.token! },
    )
    expect(response.statusCode, response.body).toBe(200)
    // The answer is the user; the caller's session and refresh token stay (docs/linked-accounts.md#linking).
    expect(response.json()).not.toHaveProperty('refresh_token')
    const linked = userSchema.parse(response.json())
    expect(linked.id).toBe(auth.user.id)
    expect((await me(auth.token!)).linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'wallet'])
    const refresh = await post('/api/v1/sessions', { refresh_token: auth.refresh_token })
    expect(refresh.statusCode, refresh.body).toBe(200)

    // The same wallet signs in to the same user.
    const signedIn = await siweSignIn(account)
    expect(signedIn.auth.user.id).toBe(auth.user.id)

    const unlinked = await post(
      '/api/v1/siwe/unlink',
      { address: account.address.toLowerCase() },
      { bearer: auth.token! },
    )
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(userSchema.parse(unlinked.json()).linked_accounts.map((a) => a.type)).toEqual(['email'])
    expectError(
      await post('/api/v1/siwe/unlink', { address: account.address }, { bearer: auth.token! }),
      404,
      'not_found',
    )
  })

  test('error: link needs a session; another user’s wallet; a second wallet', async () => {
    const owner = await siweSignIn()
    const auth = await t.signIn()
    const signed = await signedSiwe(owner.account)
    expectError(await postSiwe('link', signed), 401, 'missing_or_invalid_token')
    expectError(
      await postSiwe('link', signed, { bearer: auth.token! }),
      400,
      'account_transfer_required',
      'Account transfer required',
    )
    const first = await postSiwe('link', await signedSiwe(), { bearer: auth.token! })
    expect(first.statusCode).toBe(200)
    expectError(
      await postSiwe('link', await signedSiwe(), { bearer: auth.token! }),
      400,
      'cannot_link_more_of_type',
      'User already has an account of type siwe linked.',
    )
  })

  test('default: a guest who links a wallet becomes a full user (security property 52: proof by signature)', async () => {
    const auth = await t.signInAsGuest()
    expect(auth.user.is_guest).toBe(true)
    const response = await postSiwe('link', await signedSiwe(), { bearer: auth.token! })
    expect(response.statusCode, response.body).toBe(200)
    const linked = userSchema.parse(response.json())
    expect(linked.is_guest).toBe(false)
    expect(linked.linked_accounts.map((a) => a.type)).toEqual(['wallet'])
    // The guest's refresh token stays valid through the upgrade.
    const refresh = await post('/api/v1/sessions', { refresh_token: auth.refresh_token })
    expect(refresh.statusCode, refresh.body).toBe(200)
    expect(authResponseSchema.parse(refresh.json()).user.is_guest).toBe(false)
  })

  test('error: unlinking the only account → 400 cannot_unlink_sole_account; without a session → 401', async () => {
    const { account, auth } = await siweSignIn()
    expectError(
      await post('/api/v1/siwe/unlink', { address: account.address }, { bearer: auth.token! }),
      400,
      'cannot_unlink_sole_account',
    )
    expectError(
      await post('/api/v1/siwe/unlink', { address: account.address }),
      401,
      'missing_or_invalid_token',
    )
  })
})

describe('SIWS (security property 43)', () => {
  test('default: sign-in creates a Solana wallet account; replay fails', async () => {
    const key = solanaKey()
    const body = {
      ...(await signedSiws(key)),
      walletClientType: 'phantom',
      connectorType: 'solana_adapter',
    }
    const response = await post('/api/v1/siws/authenticate', body)
    expect(response.statusCode, response.body).toBe(200)
    const auth = authResponseSchema.parse(response.json())
    expect(auth.user.linked_accounts.find((a) => a.type === 'wallet')).toMatchObject({
      address: key.address,
      chain_type: 'solana',
      wallet_client_type: 'phantom',
      connector_type: 'solana_adapter',
    })
    expect(auth.user.linked_accounts.find((a) => a.type === 'wallet')).not.toHaveProperty('chain_id')
    expectDeadNonce(await post('/api/v1/siws/authenticate', body))
  })

  test('default: 20 parallel uses give exactly one session', async () => {
    const body = await signedSiws()
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/v1/siws/authenticate', body)),
    )
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1)
  })

  const minute = 60_000
  const cases: Array<
    [string, (now: number) => Record<string, string | undefined>, number, string, string | RegExp]
  > = [
    [
      'devnet chain',
      () => ({ chainId: 'devnet' }),
      400,
      'invalid_data',
      'Invalid SIWS message: Chain ID must be mainnet',
    ],
    [
      'another domain',
      () => ({ domain: 'evil.example' }),
      401,
      'invalid_credentials',
      'Message domain does not match the request origin',
    ],
    [
      'another uri',
      () => ({ uri: 'https://evil.example' }),
      401,
      'invalid_credentials',
      'Message URI does not match the request origin',
    ],
    ['Version 2', () => ({ version: '2' }), 400, 'invalid_data', 'Invalid SIWS message: Version must be 1'],
    ['no nonce', () => ({ nonce: undefined }), 400, 'invalid_data', /Nonce/],
    [
      'issuedAt in the future',
      (now) => ({ issuedAt: new Date(now + 2 * minute).toISOString() }),
      401,
      'invalid_credentials',
      'Message issued in the future',
    ],
    [
      'expired',
      (now) => ({ expirationTime: new Date(now - 1000).toISOString() }),
      401,
      'invalid_credentials',
      'Message has expired',
    ],
    [
      'not yet valid',
      (now) => ({ notBefore: new Date(now + 1000).toISOString() }),
      401,
      'invalid_credentials',
      'Message is not yet valid',
    ],
  ]
  for (const [name, overrides, status, code, error] of cases)
    test(`error: ${name}`, async () => {
      expectError(
        await post('/api/v1/siws/authenticate', await signedSiws(solanaKey(), overrides(t.now()))),
        status,
        code,
        error,
      )
    })

  test('error: a signature by another key, or a nonce of another address → 401', async () => {
    const [key, other] = [solanaKey(), solanaKey()]
    const message = await siwsMessage(key.address)
    expectError(
      await post('/api/v1/siws/authenticate', { message, signature: signText(message, other.privateKey) }),
      401,
      'invalid_credentials',
      'Invalid signature',
    )
    const stolen = message.replace(key.address, other.address)
    expectDeadNonce(
      await post('/api/v1/siws/authenticate', {
        message: stolen,
        signature: signText(stolen, other.privateKey),
      }),
    )
  })

  test('default: link to an email user, then unlink', async () => {
    const auth = await t.signIn()
    const key = solanaKey()
    const response = await post('/api/v1/siws/link', await signedSiws(key, {}, { bearer: auth.token! }), {
      bearer: auth.token!,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(linkedAccountTypes(response)).toEqual(['email', 'wallet'])
    const refresh = await post('/api/v1/sessions', { refresh_token: auth.refresh_token })
    expect(refresh.statusCode, refresh.body).toBe(200)
    const unlinked = await post('/api/v1/siws/unlink', { address: key.address }, { bearer: auth.token! })
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(userSchema.parse(unlinked.json()).linked_accounts.map((a) => a.type)).toEqual(['email'])
  })
})
