import {
  authenticationResponseToWire,
  authResponseSchema,
  type PasskeyAccount,
  registrationResponseToWire,
  type User,
} from '@foyer/protocol'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createSoftAuthenticator, type SoftCredential } from '../../testing/passkeys/softAuthenticator'
import { createAppRecord } from '../apps/service'
import { users } from '../users/schema'
import { unlinkAccount } from '../users/service'
import { PASSKEY_CHALLENGE_TTL_MS } from './service'

const ORIGIN = 'http://localhost:5173'
const RP_ID = 'localhost'
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const ICLOUD_AAGUID = Uint8Array.from(Buffer.from('fbfc3007154e4ecc8c0b6e020557d7bd', 'hex'))

const t = useTestContext()
let counter = 0
const authenticator = createSoftAuthenticator()

type InitBody = { relying_party: string; options: { challenge: string } & Record<string, unknown> }

function post(url: string, json: unknown, extra: { bearer?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = { 'user-agent': CHROME_LINUX }
  const origin = extra.origin === undefined ? ORIGIN : extra.origin
  if (origin !== null) headers.origin = origin
  return t.request({ method: 'POST', url, json, bearer: extra.bearer, headers })
}

/** Signs in a fresh email user; returns the access token and user id. */
async function signIn(): Promise<{ token: string; userId: string }> {
  const body = await t.signIn(`passkey${++counter}@example.com`)
  return { token: body.token ?? '', userId: body.user.id }
}

type RegisterParameters = Parameters<typeof authenticator.register>[0]
/**
 * A new soft credential and its attestation of `challenge`, at our origin and RP ID unless `extra` says
 * otherwise.
 */
function attest(challenge: string, extra: Partial<Omit<RegisterParameters, 'challenge'>> = {}) {
  return authenticator.register({ challenge, origin: ORIGIN, rpId: RP_ID, ...extra })
}

/** `POST /api/v1/passkeys/link` of the attestation `response` as the user of `token`. */
function postLink(token: string, response: ReturnType<typeof attest>['response']) {
  return post(
    '/api/v1/passkeys/link',
    { relying_party: RP_ID, authenticator_response: registrationResponseToWire(response) },
    { bearer: token },
  )
}

/** `POST /api/v1/passkeys/unlink` of `credential` as the user of `token`. */
function postUnlink(token: string, credential: SoftCredential) {
  return post(
    '/api/v1/passkeys/unlink',
    { credential_id: isoBase64URL.fromBuffer(credential.id) },
    { bearer: token },
  )
}

async function linkInit(token: string): Promise<InitBody> {
  const response = await post('/api/v1/passkeys/link/init', {}, { bearer: token })
  expect(response.statusCode).toBe(200)
  return response.json() as InitBody
}

/** Links a new soft credential to the user of `token`. */
async function linkNew(
  token: string,
  options: { counter?: number; aaguid?: Uint8Array } = {},
): Promise<{ credential: SoftCredential; user: User }> {
  const init = await linkInit(token)
  const { response, credential } = attest(init.options.challenge, options)
  const linked = await postLink(token, response)
  expect(linked.statusCode, linked.body).toBe(200)
  return { credential, user: linked.json() as User }
}

async function authInit(): Promise<InitBody> {
  const response = await post('/api/v1/passkeys/authenticate/init', {})
  expect(response.statusCode).toBe(200)
  return response.json() as InitBody
}

function authenticate(challenge: string, assertion: unknown, relyingParty = RP_ID) {
  return post('/api/v1/passkeys/authenticate', {
    relying_party: relyingParty,
    challenge,
    authenticator_response: assertion,
  })
}

/** A fresh authentication challenge and `credential`'s assertion of it (our origin and RP ID unless overridden). */
async function assertFresh(
  credential: SoftCredential,
  overrides: { origin?: string; rpId?: string; counter?: number } = {},
) {
  const init = await authInit()
  const assertion = authenticator.assert({
    credential,
    challenge: init.options.challenge,
    origin: overrides.origin ?? ORIGIN,
    rpId: overrides.rpId ?? RP_ID,
    counter: overrides.counter ?? 0,
  })
  return { challenge: init.options.challenge, assertion: authenticationResponseToWire(assertion) }
}

/** Runs a full sign-in with `credential` at signature counter `signCount`. */
async function signInWithPasskey(credential: SoftCredential, signCount: number) {
  const { challenge, assertion } = await assertFresh(credential, { counter: signCount })
  return authenticate(challenge, assertion)
}

/** A fresh email user with one linked passkey. */
async function userWithPasskey(): Promise<{ token: string; credential: SoftCredential }> {
  const { token } = await signIn()
  const { credential } = await linkNew(token)
  return { token, credential }
}

function expectInvalid(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toMatchObject({ code: 'invalid_credentials' })
}

describe('passkeys/authenticate', () => {
  test('default: a linked passkey signs its user in', async () => {
    const { token, userId } = await signIn()
    const { credential } = await linkNew(token)
    const response = await signInWithPasskey(credential, 1)
    expect(response.statusCode, response.body).toBe(200)
    const body = authResponseSchema.parse(response.json())
    expect(body.user.id).toBe(userId)
    expect(body.is_new_user).toBe(false)
    expect(body.token).toBeTruthy()
  })

  test('behavior: init asks for a discoverable credential with user verification preferred', async () => {
    const init = await authInit()
    expect(init.relying_party).toBe(RP_ID)
    expect(init.options).toMatchObject({ rp_id: RP_ID, user_verification: 'preferred' })
    expect(init.options.allow_credentials ?? []).toEqual([])
    expect(init.options).not.toHaveProperty('rpId')
  })

  test('error: an unknown credential → passkey_not_registered, and no user is created', async () => {
    const before = await t.db.orm.select({ n: count() }).from(users)
    const { credential } = attest('x')
    const response = await signInWithPasskey(credential, 1)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'passkey_not_registered' })
    const after = await t.db.orm.select({ n: count() }).from(users)
    expect(after[0]?.n).toBe(before[0]?.n)
  })

  test('error: passkey login off for the app → 403 disallowed_login_method', async () => {
    const other = await createAppRecord(t.db, {
      name: 'No passkeys',
      allowedOrigins: [ORIGIN],
      masterKey: t.masterKey,
    })
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passkeys/authenticate/init',
      json: {},
      appId: other.id,
      headers: { origin: ORIGIN },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'disallowed_login_method' })
  })
})

describe('security property 48 challenges', () => {
  test('behavior: a challenge is at least 16 random bytes, new each time', async () => {
    const a = await authInit()
    const b = await authInit()
    expect(isoBase64URL.toBuffer(a.options.challenge).length).toBeGreaterThanOrEqual(16)
    expect(a.options.challenge).not.toBe(b.options.challenge)
  })

  test('error: a challenge is single use (replayed assertion refused)', async () => {
    const { credential } = await userWithPasskey()
    const { challenge, assertion } = await assertFresh(credential)
    expect((await authenticate(challenge, assertion)).statusCode).toBe(200)
    expectInvalid(await authenticate(challenge, assertion))
  })

  test('error: a challenge expires after 5 minutes', async () => {
    const { credential } = await userWithPasskey()
    const { challenge, assertion } = await assertFresh(credential)
    t.advance(PASSKEY_CHALLENGE_TTL_MS + 1000)
    expectInvalid(await authenticate(challenge, assertion))
  })

  test('error: a registration challenge does not serve an authentication', async () => {
    const { token } = await signIn()
    const { credential } = await linkNew(token)
    const registration = await linkInit(token)
    const assertion = authenticator.assert({
      credential,
      challenge: registration.options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      counter: 0,
    })
    expectInvalid(await authenticate(registration.options.challenge, authenticationResponseToWire(assertion)))
  })

  test('error: an authentication challenge does not serve a registration', async () => {
    const { token } = await signIn()
    const init = await authInit()
    const { response } = attest(init.options.challenge)
    expectInvalid(await postLink(token, response))
  })

  test("error: another user's registration challenge is refused", async () => {
    const alice = await signIn()
    const bob = await signIn()
    const init = await linkInit(alice.token)
    const { response } = attest(init.options.challenge)
    expectInvalid(await postLink(bob.token, response))
  })
})

describe('security property 49 origin and RP ID', () => {
  test('error: no Origin → 403 missing_origin', async () => {
    const response = await post('/api/v1/passkeys/authenticate/init', {}, { origin: null })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'missing_origin' })
  })

  test('error: an origin the app does not allow → 403 invalid_origin', async () => {
    const response = await post('/api/v1/passkeys/authenticate/init', {}, { origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'invalid_origin' })
  })

  test('error: an assertion made for another origin is refused', async () => {
    const { credential } = await userWithPasskey()
    const { challenge, assertion } = await assertFresh(credential, { origin: 'https://evil.example' })
    expectInvalid(await authenticate(challenge, assertion))
  })

  test('error: an assertion scoped to another RP ID is refused', async () => {
    const { credential } = await userWithPasskey()
    const { challenge, assertion } = await assertFresh(credential, { rpId: 'evil.example' })
    expectInvalid(await authenticate(challenge, assertion))
  })

  test('error: a relying_party other than the origin hostname → 403 invalid_origin', async () => {
    const init = await authInit()
    const response = await authenticate(init.options.challenge, { id: 'a', rawId: 'a' }, 'evil.example')
    expect(response.statusCode).toBe(400)
    const { credential } = await userWithPasskey()
    const { challenge, assertion } = await assertFresh(credential)
    const refused = await authenticate(challenge, assertion, 'evil.example')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'invalid_origin' })
  })

  test('error: a registration for another origin is refused', async () => {
    const { token } = await signIn()
    const init = await linkInit(token)
    const { response } = attest(init.options.challenge, { origin: 'https://evil.example' })
    expectInvalid(await postLink(token, response))
  })
})

describe('security property 50 signCount policy', () => {
  test('behavior: a counter that stays 0 (synced passkey) is tolerated', async () => {
    const { credential } = await userWithPasskey()
    expect((await signInWithPasskey(credential, 0)).statusCode).toBe(200)
    expect((await signInWithPasskey(credential, 0)).statusCode).toBe(200)
  })

  test('error: a counter that goes back while both are non-zero is refused', async () => {
    const { token } = await signIn()
    const { credential } = await linkNew(token, { counter: 1 })
    expect((await signInWithPasskey(credential, 5)).statusCode).toBe(200)
    expectInvalid(await signInWithPasskey(credential, 3))
    expectInvalid(await signInWithPasskey(credential, 5))
    expect((await signInWithPasskey(credential, 6)).statusCode).toBe(200)
  })
})

describe('security property 51 credential id uniqueness', () => {
  test('error: a credential id linked to one user is refused for a second user', async () => {
    const alice = await signIn()
    const { credential } = await linkNew(alice.token)
    const bob = await signIn()
    const init = await linkInit(bob.token)
    const { response } = attest(init.options.challenge, { credentialId: credential.id })
    const refused = await postLink(bob.token, response)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      error: 'This account has already been linked to another user.',
      code: 'linked_to_another_user',
    })
  })
})

describe('passkeys/link', () => {
  test('default: the user gets a passkey account with authenticator, browser and OS', async () => {
    const { token, userId } = await signIn()
    const { user, credential } = await linkNew(token, { aaguid: ICLOUD_AAGUID })
    expect(user.id).toBe(userId)
    const passkey = user.linked_accounts.find((account) => account.type === 'passkey') as PasskeyAccount
    expect(passkey).toMatchObject({
      type: 'passkey',
      credential_id: isoBase64URL.fromBuffer(credential.id),
      authenticator_name: 'iCloud Keychain',
      created_with_browser: 'Chrome',
      created_with_os: 'Linux',
    })
    expect(JSON.stringify(user)).not.toContain('public_key')
  })

  test('error: without a session → 401', async () => {
    const response = await post('/api/v1/passkeys/link/init', {})
    expect(response.statusCode).toBe(401)
  })

  test('error: a 6th passkey → cannot_link_more_of_type', async () => {
    const { token } = await signIn()
    for (let index = 0; index < 5; index++) await linkNew(token)
    const response = await post('/api/v1/passkeys/link/init', {}, { bearer: token })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Cannot link more passkeys to account.',
      code: 'cannot_link_more_of_type',
    })
  })
})

describe('passkeys/unlink', () => {
  test('default: unlinking removes the passkey; it no longer signs in', async () => {
    const { token } = await signIn()
    const { credential } = await linkNew(token)
    const response = await postUnlink(token, credential)
    expect(response.statusCode).toBe(200)
    const user = response.json() as User
    expect(user.linked_accounts.some((account) => account.type === 'passkey')).toBe(false)
    const refused = await signInWithPasskey(credential, 1)
    expect(refused.json()).toMatchObject({ code: 'passkey_not_registered' })
  })

  test('error: the only account left → 400 cannot_unlink_sole_account, and the passkey still signs in', async () => {
    const { token, userId } = await signIn()
    const { credential, user } = await linkNew(token)
    const email = user.linked_accounts.find((account) => account.type === 'email')
    expect(email?.type).toBe('email')
    await unlinkAccount(t.db, {
      appId: t.demoApp.id,
      userId: userId.replace('did:foyer:', ''),
      type: 'email',
      subject: (email as { address: string }).address,
    })
    const response = await postUnlink(token, credential)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'cannot_unlink_sole_account' })
    const signedIn = await signInWithPasskey(credential, 1)
    expect(signedIn.statusCode).toBe(200)
  })

  test("error: another user's passkey → 404 not_found", async () => {
    const alice = await signIn()
    const { credential } = await linkNew(alice.token)
    const bob = await signIn()
    const response = await postUnlink(bob.token, credential)
    expect(response.statusCode).toBe(404)
  })
})

describe('wire: the reference clients’ snake_case shapes', () => {
  test('behavior: link/init answers creation options in snake_case, no camelCase key', async () => {
    const { token } = await signIn()
    const { credential } = await linkNew(token)
    const init = await linkInit(token)
    expect(init.relying_party).toBe(RP_ID)
    expect(init.options).toMatchObject({
      rp: { id: RP_ID, name: expect.any(String) },
      user: { id: expect.any(String), name: expect.any(String), display_name: expect.any(String) },
      pub_key_cred_params: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
      exclude_credentials: [
        { id: isoBase64URL.fromBuffer(credential.id), type: 'public-key', transports: ['internal'] },
      ],
      authenticator_selection: { resident_key: 'required', user_verification: 'preferred' },
      attestation: 'none',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    })
    const keys = JSON.stringify(init.options).match(/"[A-Za-z_]+":/g) ?? []
    expect(keys.filter((key) => /[a-z][A-Z]/.test(key))).toEqual([])
  })

  test('default: the body js-sdk-core sends (undefined extension results, no attachment) links and signs in', async () => {
    const { token, userId } = await signIn()
    const init = await linkInit(token)
    const { response, credential } = attest(init.options.challenge)
    // As the client's `_transformRegistrationResponseToSnakeCase` builds it, then JSON drops the undefined.
    const sent = JSON.parse(
      JSON.stringify({
        relying_party: RP_ID,
        authenticator_response: {
          type: response.type,
          id: response.id,
          raw_id: response.rawId,
          response: {
            client_data_json: response.response.clientDataJSON,
            attestation_object: response.response.attestationObject,
            authenticator_data: undefined,
            transports: response.response.transports,
          },
          authenticator_attachment: undefined,
          client_extension_results: {
            app_id: undefined,
            cred_props: { rk: true },
            hmac_create_secret: undefined,
          },
        },
      }),
    )
    const linked = await post('/api/v1/passkeys/link', sent, { bearer: token })
    expect(linked.statusCode, linked.body).toBe(200)
    const auth = await authInit()
    const assertion = authenticator.assert({
      credential,
      challenge: auth.options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      counter: 0,
    })
    const signedIn = await post('/api/v1/passkeys/authenticate', {
      relying_party: auth.relying_party,
      challenge: auth.options.challenge,
      authenticator_response: {
        id: assertion.id,
        raw_id: assertion.rawId,
        type: 'public-key',
        response: {
          client_data_json: assertion.response.clientDataJSON,
          authenticator_data: assertion.response.authenticatorData,
          signature: assertion.response.signature,
          user_handle: null,
        },
        authenticator_attachment: null,
        client_extension_results: {},
      },
    })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(authResponseSchema.parse(signedIn.json()).user.id).toBe(userId)
  })

  test('error: the camelCase body of @simplewebauthn/browser → 400 invalid_request naming raw_id', async () => {
    const { credential } = await userWithPasskey()
    const init = await authInit()
    const assertion = authenticator.assert({
      credential,
      challenge: init.options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      counter: 0,
    })
    const response = await authenticate(init.options.challenge, assertion)
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('raw_id')
  })
})

describe('passkeys/register (sign-up)', () => {
  /** An app with passkey sign-in, and sign-up unless told otherwise, at our origin. */
  async function appWith(settings: Parameters<typeof createAppRecord>[1]['settings'] = {}) {
    return createAppRecord(t.db, {
      name: 'Passkey sign-up',
      allowedOrigins: [ORIGIN],
      settings: { passkey_auth: true, passkeys_for_signup_enabled: true, ...settings },
      masterKey: t.masterKey,
    })
  }

  function postTo(appId: string, url: string, json: unknown) {
    return t.request({
      method: 'POST',
      url,
      json,
      appId,
      headers: { origin: ORIGIN, 'user-agent': CHROME_LINUX },
    })
  }

  /** register/init, then a fresh soft credential's attestation of its challenge. */
  async function registration(appId: string) {
    const init = await postTo(appId, '/api/v1/passkeys/register/init', {})
    expect(init.statusCode, init.body).toBe(200)
    const body = init.json() as InitBody
    const { response, credential } = attest(body.options.challenge, { aaguid: ICLOUD_AAGUID })
    return { init: body, response, credential }
  }

  function register(appId: string, response: ReturnType<typeof attest>['response']) {
    return postTo(appId, '/api/v1/passkeys/register', {
      relying_party: RP_ID,
      authenticator_response: registrationResponseToWire(response),
    })
  }

  async function userCount(appId: string): Promise<number> {
    const [row] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, appId))
    return row?.n ?? 0
  }

  test('default: a new user whose only account is the passkey; the passkey then signs the same user in', async () => {
    const app = await appWith()
    const { init, response, credential } = await registration(app.id)
    expect(init.relying_party).toBe(RP_ID)
    expect(init.options).toMatchObject({
      rp: { id: RP_ID },
      authenticator_selection: { resident_key: 'required' },
      pub_key_cred_params: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
    })
    expect(init.options).not.toHaveProperty('exclude_credentials.0')
    const created = await register(app.id, response)
    expect(created.statusCode, created.body).toBe(200)
    const body = authResponseSchema.parse(created.json())
    expect(body.is_new_user).toBe(true)
    expect(body.token).toBeTruthy()
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'passkey',
        credential_id: isoBase64URL.fromBuffer(credential.id),
        authenticator_name: 'iCloud Keychain',
        created_with_browser: 'Chrome',
      }),
    ])
    const auth = await postTo(app.id, '/api/v1/passkeys/authenticate/init', {})
    const challenge = (auth.json() as InitBody).options.challenge
    const assertion = authenticator.assert({ credential, challenge, origin: ORIGIN, rpId: RP_ID, counter: 0 })
    const signedIn = await postTo(app.id, '/api/v1/passkeys/authenticate', {
      relying_party: RP_ID,
      challenge,
      authenticator_response: authenticationResponseToWire(assertion),
    })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const again = authResponseSchema.parse(signedIn.json())
    expect(again.user.id).toBe(body.user.id)
    expect(again.is_new_user).toBe(false)
  })

  test('error: sign-up off (the default) → 403 disallowed_login_method for init and register', async () => {
    const app = await appWith({ passkeys_for_signup_enabled: false })
    const init = await postTo(app.id, '/api/v1/passkeys/register/init', {})
    expect(init.statusCode).toBe(403)
    expect(init.json()).toMatchObject({ code: 'disallowed_login_method' })
    const { response } = attest('AAAA')
    const refused = await register(app.id, response)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'disallowed_login_method' })
    expect(await userCount(app.id)).toBe(0)
  })

  test('error: the allow-list on → 403 allowlist_rejected before any ceremony (a passkey proves no entry)', async () => {
    const app = await appWith({
      access_control: { allowlist_enabled: true, allowlist: ['someone@example.com'], max_users: null },
    })
    const init = await postTo(app.id, '/api/v1/passkeys/register/init', {})
    expect(init.statusCode).toBe(403)
    expect(init.json()).toMatchObject({ code: 'allowlist_rejected' })
    expect(await userCount(app.id)).toBe(0)
  })

  test('error: the user limit reached → 403 max_accounts_reached, no user created', async () => {
    const app = await appWith({
      access_control: { allowlist_enabled: false, allowlist: [], max_users: 1 },
    })
    const first = await registration(app.id)
    expect((await register(app.id, first.response)).statusCode).toBe(200)
    const second = await registration(app.id)
    const refused = await register(app.id, second.response)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'max_accounts_reached' })
    expect(await userCount(app.id)).toBe(1)
  })

  test('error: a challenge is single use: the same attestation twice → 401, one user', async () => {
    const app = await appWith()
    const { response } = await registration(app.id)
    expect((await register(app.id, response)).statusCode).toBe(200)
    expectInvalid(await register(app.id, response))
    expect(await userCount(app.id)).toBe(1)
  })

  test("error: a link challenge (bound to a user) does not serve a sign-up, nor a sign-up's a link", async () => {
    const { token } = await signIn()
    const link = await linkInit(token)
    const { response } = attest(link.options.challenge)
    expectInvalid(await register(t.demoApp.id, response))
    const signup = await postTo(t.demoApp.id, '/api/v1/passkeys/register/init', {})
    const attestation = attest((signup.json() as InitBody).options.challenge)
    expectInvalid(await postLink(token, attestation.response))
  })

  test('error: a credential id already registered → 400 linked_to_another_user, no user created', async () => {
    const app = await appWith()
    const first = await registration(app.id)
    expect((await register(app.id, first.response)).statusCode).toBe(200)
    const init = await postTo(app.id, '/api/v1/passkeys/register/init', {})
    const { response } = attest((init.json() as InitBody).options.challenge, {
      credentialId: first.credential.id,
    })
    const refused = await register(app.id, response)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'linked_to_another_user' })
    expect(await userCount(app.id)).toBe(1)
  })

  test('error: an attestation for another origin → 401 invalid_credentials', async () => {
    const app = await appWith()
    const init = await postTo(app.id, '/api/v1/passkeys/register/init', {})
    const { response } = attest((init.json() as InitBody).options.challenge, {
      origin: 'https://evil.example',
    })
    expectInvalid(await register(app.id, response))
    expect(await userCount(app.id)).toBe(0)
  })
})
