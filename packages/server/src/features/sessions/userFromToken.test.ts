import { randomBytes } from 'node:crypto'
import {
  type AuthResponse,
  authResponseSchema,
  type CreateEmbeddedWalletRequest,
  embeddedWalletSchema,
  registrationResponseToWire,
  type User,
  userSchema,
} from '@foyer/protocol'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { beforeAll, describe, expect, test } from 'vitest'
import { frameProofHeaders } from '../../test/createTestDevice'
import { signWalletBody, testEthereumAddress } from '../../test/testWalletAddresses'
import { useTestContext } from '../../test/useTestContext'
import { createSoftAuthenticator } from '../../testing/passkeys/softAuthenticator'
import { testSignIn } from '../../testing/siwe/testSignIn'

// docs/security.md property 57: every authenticated endpoint takes the user from the token, never from the
// body. Each test sends user A's token with a body (or query) that also names user B in every usual
// spelling, and checks that the action applied to A and that B is unchanged.

const t = useTestContext()
let proofHeaders: ReturnType<typeof frameProofHeaders>
let counter = 0
const ORIGIN = 'http://localhost:5173'
const RP_ID = 'localhost'
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const frameHeaders = { host: 'wallet.foyer.test', origin: 'http://wallet.foyer.test' }
const authenticator = createSoftAuthenticator()
const { newAccount, signedSiwe } = testSignIn(() => t)

beforeAll(async () => {
  proofHeaders = frameProofHeaders(t)
}, 60_000)

const freshEmail = () => `i57-${++counter}@example.com`
/** A fresh, possible US number: +1 415 56x xxxx. */
const freshNumber = () => `+1415${String(5_600_000 + ++counter).padStart(7, '0')}`

/** Every spelling of "act for this user" a client could put in a body or query. */
function naming(user: User): Record<string, string> {
  const raw = user.id.replace('did:foyer:', '')
  return { user_id: raw, userId: user.id, id: raw, did: user.id }
}

type Response = { statusCode: number; body: string; json(): unknown }

/**
 * A POST; with `frameHeaders`, as the wallet frame makes it: a proof by a device registered for the
 * session, and a create body signed by its address's key.
 */
async function post(url: string, json: unknown, bearer: string, headers: Record<string, string> = {}) {
  if (headers !== frameHeaders) return t.request({ method: 'POST', url, json, bearer, headers })
  return t.request({
    method: 'POST',
    url,
    json: await signWalletBody(t.demoApp.id, url, bearer, json),
    bearer,
    headers: await proofHeaders(url, bearer),
  })
}

function expectStatus(response: Response, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status)
  if (code !== undefined) expect(response.json()).toMatchObject({ code })
}

async function emailSignIn(email = freshEmail()): Promise<AuthResponse> {
  const code = await t.sendCode(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
  })
  expectStatus(response, 200)
  return authResponseSchema.parse(response.json())
}

async function me(token: string): Promise<User> {
  const response = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
  expectStatus(response, 200)
  return userSchema.parse((response.json() as { user: unknown }).user)
}

/** The user's linked accounts without the verification times (which sign-ins bump). */
async function accountsOf(token: string) {
  return (await me(token)).linked_accounts.map(
    ({ verified_at, first_verified_at, latest_verified_at, ...account }) => account,
  )
}

/** Sends a link code for `phoneNumber` with the session `token` and reads it from the dev mailbox. */
async function smsLinkCode(phoneNumber: string, token: string): Promise<string> {
  expectStatus(await post('/api/v1/passwordless_sms/init', { phoneNumber }, token), 200)
  const [message] = await t.mailbox(phoneNumber)
  if (!message?.code) throw new Error(`no SMS code for ${phoneNumber}`)
  return message.code
}

/** Links a fresh phone number to the user of `token`; returns the number and `token` (a link keeps the session). */
async function linkPhone(token: string): Promise<{ phoneNumber: string; token: string }> {
  const phoneNumber = freshNumber()
  const code = await smsLinkCode(phoneNumber, token)
  const response = await post('/api/v1/passwordless_sms/link', { phoneNumber, code }, token)
  expectStatus(response, 200)
  return { phoneNumber, token }
}

/**
 * Expects `response` (a link with A's token and a body naming B) to have linked `account` to A, and B's
 * linked accounts to equal `bBefore`.
 */
async function expectLinkedToA(
  response: Response,
  {
    a,
    b,
    bBefore,
    account,
  }: {
    a: AuthResponse
    b: AuthResponse
    bBefore: Awaited<ReturnType<typeof accountsOf>>
    account: object
  },
) {
  expectStatus(response, 200)
  const linked = userSchema.parse(response.json())
  expect(linked.id).toBe(a.user.id)
  expect(linked.linked_accounts).toContainEqual(expect.objectContaining(account))
  expect(await accountsOf(b.token!)).toEqual(bBefore)
}

describe('security property 57: the user comes from the token', () => {
  test('GET /api/v1/users/me: a query naming B still answers A', async () => {
    const [a, b] = [await emailSignIn(), await emailSignIn()]
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      query: naming(b.user),
      bearer: a.token!,
    })
    expectStatus(response, 200)
    expect((response.json() as { user: User }).user.id).toBe(a.user.id)
  })

  test('POST /api/v1/passwordless/link: the email is linked to A (a guest), not to B', async () => {
    const a = await t.signInAsGuest()
    const b = await emailSignIn()
    const bBefore = await accountsOf(b.token!)
    const email = freshEmail()
    expectStatus(await post('/api/v1/passwordless/init', { email }, a.token!), 200)
    const [message] = await t.mailbox(email)
    const response = await post(
      '/api/v1/passwordless/link',
      { email, code: message?.code, ...naming(b.user) },
      a.token!,
    )
    await expectLinkedToA(response, { a, b, bBefore, account: { type: 'email', address: email } })
  })

  test('POST /api/v1/passwordless_sms/link: the phone is linked to A, not to B', async () => {
    const [a, b] = [await emailSignIn(), await emailSignIn()]
    const bBefore = await accountsOf(b.token!)
    const phoneNumber = freshNumber()
    const code = await smsLinkCode(phoneNumber, a.token!)
    const response = await post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber, code, ...naming(b.user) },
      a.token!,
    )
    await expectLinkedToA(response, { a, b, bBefore, account: { type: 'phone', number: phoneNumber } })
  })

  test("POST /api/v1/passwordless_sms/unlink: B's number → 404 and B keeps it; A's number is unlinked from A only", async () => {
    const a = await linkPhone((await emailSignIn()).token!)
    const b = await linkPhone((await emailSignIn()).token!)
    const bUser = await me(b.token)
    const bBefore = await accountsOf(b.token)
    expectStatus(
      await post(
        '/api/v1/passwordless_sms/unlink',
        { phoneNumber: b.phoneNumber, ...naming(bUser) },
        a.token,
      ),
      404,
      'not_found',
    )
    expect(await accountsOf(b.token)).toEqual(bBefore)
    const response = await post(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: a.phoneNumber, ...naming(bUser) },
      a.token,
    )
    expectStatus(response, 200)
    expect(userSchema.parse(response.json()).linked_accounts.map((account) => account.type)).toEqual([
      'email',
    ])
    expect(await accountsOf(b.token)).toEqual(bBefore)
  })

  test("POST /api/v1/passwordless_sms/update: B's number → 404 and B keeps it", async () => {
    const a = await linkPhone((await emailSignIn()).token!)
    const b = await linkPhone((await emailSignIn()).token!)
    const bUser = await me(b.token)
    const bBefore = await accountsOf(b.token)
    const newNumber = freshNumber()
    const code = await smsLinkCode(newNumber, a.token)
    expectStatus(
      await post(
        '/api/v1/passwordless_sms/update',
        { old_phone_number: b.phoneNumber, new_phone_number: newNumber, code, ...naming(bUser) },
        a.token,
      ),
      404,
      'not_found',
    )
    expect(await accountsOf(b.token)).toEqual(bBefore)
  })

  test("POST /api/v1/siwe/unlink: B's wallet → 404 and B keeps it", async () => {
    const a = await emailSignIn()
    const b = await emailSignIn()
    const account = newAccount()
    const linked = await post(
      '/api/v1/siwe/link',
      { ...(await signedSiwe(account, {}, { bearer: b.token! })), chainId: 1 },
      b.token!,
      { origin: ORIGIN },
    )
    expectStatus(linked, 200)
    const bToken = b.token!
    const bBefore = await accountsOf(bToken)
    expect(bBefore).toContainEqual(expect.objectContaining({ type: 'wallet', address: account.address }))
    expectStatus(
      await post('/api/v1/siwe/unlink', { address: account.address, ...naming(b.user) }, a.token!),
      404,
      'not_found',
    )
    expect(await accountsOf(bToken)).toEqual(bBefore)
  })

  test("POST /api/v1/passkeys/link and /unlink: a new passkey goes to A; B's passkey → 404 and B keeps it", async () => {
    const a = await emailSignIn()
    const b = await emailSignIn()
    const passkeyHeaders = { origin: ORIGIN, 'user-agent': CHROME_LINUX }
    async function linkPasskey(token: string, extra: Record<string, string> = {}) {
      const init = await post('/api/v1/passkeys/link/init', { ...extra }, token, passkeyHeaders)
      expectStatus(init, 200)
      const { response, credential } = authenticator.register({
        challenge: (init.json() as { options: { challenge: string } }).options.challenge,
        origin: ORIGIN,
        rpId: RP_ID,
      })
      const linked = await post(
        '/api/v1/passkeys/link',
        { relying_party: RP_ID, authenticator_response: registrationResponseToWire(response), ...extra },
        token,
        passkeyHeaders,
      )
      expectStatus(linked, 200)
      return { credentialId: isoBase64URL.fromBuffer(credential.id), user: userSchema.parse(linked.json()) }
    }
    const bPasskey = await linkPasskey(b.token!)
    const bBefore = await accountsOf(b.token!)
    expect(bBefore.filter((account) => account.type === 'passkey')).toHaveLength(1)

    // Link with a body naming B: the passkey is A's.
    const aPasskey = await linkPasskey(a.token!, naming(b.user))
    expect(aPasskey.user.id).toBe(a.user.id)
    expect(aPasskey.user.linked_accounts.filter((account) => account.type === 'passkey')).toHaveLength(1)
    expect(await accountsOf(b.token!)).toEqual(bBefore)

    // Unlink of B's credential with A's token and a body naming B: refused, B keeps it.
    expectStatus(
      await post(
        '/api/v1/passkeys/unlink',
        { credential_id: bPasskey.credentialId, ...naming(b.user) },
        a.token!,
        passkeyHeaders,
      ),
      404,
    )
    expect(await accountsOf(b.token!)).toEqual(bBefore)
  })

  describe('embedded wallets', () => {
    const b64 = (bytes: number) => randomBytes(bytes).toString('base64')
    const createBody = (): Omit<CreateEmbeddedWalletRequest, 'address_signature'> => ({
      chain_type: 'ethereum',
      address: testEthereumAddress(),
      auth_share: b64(17),
      recovery: { recovery_method: 'privy', recovery_key: b64(32), ciphertext: b64(33), iv: b64(12) },
    })
    const listWallets = async (token: string, query: Record<string, string> = {}) => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/embedded_wallets',
        query,
        bearer: token,
      })
      expectStatus(response, 200)
      return (response.json() as { wallets: unknown[] }).wallets
    }

    test('POST /api/v1/embedded_wallets: a body naming B creates the wallet for A', async () => {
      const [a, b] = [await emailSignIn(), await emailSignIn()]
      const body = createBody()
      const response = await post(
        '/api/v1/embedded_wallets',
        { ...body, ...naming(b.user) },
        a.token!,
        frameHeaders,
      )
      expectStatus(response, 200)
      const wallet = embeddedWalletSchema.parse((response.json() as { wallet: unknown }).wallet)
      expect(wallet.address).toBe(body.address)
      expect(await listWallets(a.token!)).toEqual([wallet])
      expect(await listWallets(b.token!)).toEqual([])
      // The list with a query naming B is still A's.
      expect(await listWallets(a.token!, naming(b.user))).toEqual([wallet])
    })

    test("POST …/auth_share, …/export, …/recovery_material, …/recovery: B's wallet → 404 with A's token; nothing of B's leaks or changes", async () => {
      const [a, b] = [await emailSignIn(), await emailSignIn()]
      const bBody = createBody()
      expectStatus(await post('/api/v1/embedded_wallets', bBody, b.token!, frameHeaders), 200)
      const ref = { chain_type: 'ethereum', entropy_id: bBody.address, ...naming(b.user) }
      for (const url of [
        '/api/v1/embedded_wallets/auth_share',
        '/api/v1/embedded_wallets/export',
        '/api/v1/embedded_wallets/recovery_material',
      ]) {
        const response = await post(url, ref, a.token!, frameHeaders)
        expectStatus(response, 404, 'not_found')
        expect(response.body).not.toContain(bBody.auth_share)
      }
      const replacement = createBody()
      expectStatus(
        await post(
          '/api/v1/embedded_wallets/recovery',
          { ...ref, auth_share: replacement.auth_share, recovery: replacement.recovery },
          a.token!,
          frameHeaders,
        ),
        404,
        'not_found',
      )
      // B's share is unchanged and still B's.
      const share = await post(
        '/api/v1/embedded_wallets/auth_share',
        { chain_type: 'ethereum', entropy_id: bBody.address },
        b.token!,
        frameHeaders,
      )
      expectStatus(share, 200)
      expect((share.json() as { auth_share: string }).auth_share).toBe(bBody.auth_share)
    })
  })
})
