import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  testApiUrl,
  testUser,
} from '../../../test/createTestApi'
import { ApiError } from '../../errors/ApiError'
import { PasskeyNotAllowedError } from '../../errors/PasskeyNotAllowedError'
import { WebAuthnNotSupportedError } from '../../errors/WebAuthnNotSupportedError'
import { linkPasskey } from './linkPasskey'
import { loginWithPasskey } from './loginWithPasskey'
import { signUpWithPasskey } from './signUpWithPasskey'

// The browser's WebAuthn prompt is outside the machine: `@simplewebauthn/browser` is replaced by a stub.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}))
vi.mock('@simplewebauthn/browser', () => webauthn)

const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
}
const attestation = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true } },
  response: { clientDataJSON: 'e30', attestationObject: 'AA', transports: ['internal'] },
}
/** The server's request options, snake_case on the wire. */
const authInitAnswer = {
  relying_party: 'localhost',
  options: {
    challenge: 'Y2hhbGxlbmdlY2hhbGxlbmdl',
    rp_id: 'localhost',
    user_verification: 'preferred',
    timeout: 300_000,
    allow_credentials: [{ id: 'old', type: 'public-key', transports: ['internal'] }],
  },
}
/** The server's creation options, snake_case on the wire. */
const linkInitAnswer = {
  relying_party: 'localhost',
  options: {
    rp: { id: 'localhost', name: 'App' },
    user: { id: 'dXNlcg', name: 'App user', display_name: 'App user' },
    challenge: 'Y2hhbGxlbmdlY2hhbGxlbmdl',
    pub_key_cred_params: [{ type: 'public-key', alg: -7 }],
    timeout: 300_000,
    exclude_credentials: [{ id: 'old', type: 'public-key' }],
    authenticator_selection: { resident_key: 'required', user_verification: 'preferred' },
    attestation: 'none',
    extensions: { cred_props: { rk: true } },
  },
}

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/passkeys/authenticate/init', () => json(authInitAnswer))
  api.on('POST /api/v1/passkeys/link/init', () => json(linkInitAnswer))
  api.on('POST /api/v1/passkeys/link', () => json(testUser))
  const client = createTestClient(api)
  return { api, client }
}

function notAllowed(): Error {
  const error = new Error('The operation either timed out or was not allowed.')
  error.name = 'NotAllowedError'
  return error
}

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('loginWithPasskey', () => {
  test('default: init, the browser prompt, then authenticate with relying party and challenge', async () => {
    const { api, client } = setup()
    webauthn.startAuthentication.mockResolvedValue(assertion)
    api.on('POST /api/v1/passkeys/authenticate', async () => {
      // Reuse the email route's token issuance for a valid auth response.
      return api.fetch(`${testApiUrl}/api/v1/passwordless/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ email: 'a@b.co', code: '123456' }),
        headers: { 'content-type': 'application/json' },
      })
    })
    const onSubmitting = vi.fn()
    const { user } = await loginWithPasskey(client, { onSubmitting })
    expect(user).toEqual(testUser)
    // The library gets WebAuthn's camelCase JSON; the server gets the wire's snake_case.
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: {
        challenge: 'Y2hhbGxlbmdlY2hhbGxlbmdl',
        rpId: 'localhost',
        userVerification: 'preferred',
        timeout: 300_000,
        allowCredentials: [{ id: 'old', type: 'public-key', transports: ['internal'] }],
      },
    })
    expect(onSubmitting).toHaveBeenCalledOnce()
    expect(api.callsTo('POST /api/v1/passkeys/authenticate')[0]?.body).toEqual({
      relying_party: 'localhost',
      challenge: authInitAnswer.options.challenge,
      authenticator_response: {
        id: 'cred',
        raw_id: 'cred',
        type: 'public-key',
        client_extension_results: {},
        response: { client_data_json: 'e30', authenticator_data: 'AA', signature: 'AA' },
      },
    })
    expect(client.getState().user).toEqual(testUser)
  })

  test('error: NotAllowedError → PASSKEY_NOT_ALLOWED with the original as cause; nothing posted', async () => {
    const { api, client } = setup()
    const original = notAllowed()
    webauthn.startAuthentication.mockRejectedValue(original)
    const error = await loginWithPasskey(client).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PasskeyNotAllowedError)
    expect(error).toMatchObject({
      code: 'PASSKEY_NOT_ALLOWED',
      message: 'Passkey request timed out or rejected by user.',
      cause: original,
    })
    expect(api.callsTo('POST /api/v1/passkeys/authenticate')).toHaveLength(0)
  })

  test('error: no WebAuthn → WebAuthnNotSupportedError before any call', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    const { api, client } = setup()
    const error = await loginWithPasskey(client).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(WebAuthnNotSupportedError)
    expect((error as Error).message).toBe('WebAuthn is not supported in this browser')
    expect(api.callsTo('POST /api/v1/passkeys/authenticate/init')).toHaveLength(0)
  })

  test('error: an unknown passkey → ApiError passkey_not_registered', async () => {
    const { api, client } = setup()
    webauthn.startAuthentication.mockResolvedValue(assertion)
    api.on('POST /api/v1/passkeys/authenticate', () =>
      apiError(400, 'passkey_not_registered', 'Passkey is not registered'),
    )
    const error = await loginWithPasskey(client).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'passkey_not_registered' })
  })
})

describe('linkPasskey', () => {
  test('default: init, the browser prompt, then link; the state user is updated', async () => {
    const { api, client } = setup()
    webauthn.startRegistration.mockResolvedValue(attestation)
    const user = await linkPasskey(client)
    expect(user).toEqual(testUser)
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: {
        rp: { id: 'localhost', name: 'App' },
        user: { id: 'dXNlcg', name: 'App user', displayName: 'App user' },
        challenge: 'Y2hhbGxlbmdlY2hhbGxlbmdl',
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        timeout: 300_000,
        excludeCredentials: [{ id: 'old', type: 'public-key' }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        attestation: 'none',
        extensions: { credProps: true },
      },
    })
    expect(api.callsTo('POST /api/v1/passkeys/link')[0]?.body).toEqual({
      relying_party: 'localhost',
      authenticator_response: {
        id: 'cred',
        raw_id: 'cred',
        type: 'public-key',
        authenticator_attachment: 'platform',
        client_extension_results: { cred_props: { rk: true } },
        response: { client_data_json: 'e30', attestation_object: 'AA', transports: ['internal'] },
      },
    })
    expect(client.getState().user).toEqual(testUser)
  })

  test('error: a sixth passkey → cannot_link_more_of_type', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passkeys/link/init', () =>
      apiError(400, 'cannot_link_more_of_type', 'Cannot link more passkeys to account.'),
    )
    await expect(linkPasskey(client)).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
      shortMessage: 'Cannot link more passkeys to account.',
    })
    expect(webauthn.startRegistration).not.toHaveBeenCalled()
  })

  test('error: NotAllowedError → PASSKEY_NOT_ALLOWED', async () => {
    const { client } = setup()
    webauthn.startRegistration.mockRejectedValue(notAllowed())
    await expect(linkPasskey(client)).rejects.toBeInstanceOf(PasskeyNotAllowedError)
  })
})

describe('signUpWithPasskey', () => {
  test('default: register/init with the captcha token, the browser prompt, then register in snake_case', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passkeys/register/init', () => json(linkInitAnswer))
    api.on('POST /api/v1/passkeys/register', async () =>
      api.fetch(`${testApiUrl}/api/v1/passwordless/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ email: 'a@b.co', code: '123456' }),
        headers: { 'content-type': 'application/json' },
      }),
    )
    webauthn.startRegistration.mockResolvedValue(attestation)
    const { user } = await signUpWithPasskey(client, { captchaToken: 'captcha' })
    expect(user).toEqual(testUser)
    expect(api.callsTo('POST /api/v1/passkeys/register/init')[0]?.body).toEqual({ token: 'captcha' })
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({
        user: { id: 'dXNlcg', name: 'App user', displayName: 'App user' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      }),
    })
    expect(api.callsTo('POST /api/v1/passkeys/register')[0]?.body).toMatchObject({
      relying_party: 'localhost',
      authenticator_response: { raw_id: 'cred', response: { attestation_object: 'AA' } },
    })
    expect(client.getState().user).toEqual(testUser)
  })

  test('error: sign-up with passkeys off → ApiError disallowed_login_method, no prompt', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passkeys/register/init', () =>
      apiError(403, 'disallowed_login_method', 'Sign up with passkey not allowed.'),
    )
    await expect(signUpWithPasskey(client)).rejects.toMatchObject({ code: 'disallowed_login_method' })
    expect(webauthn.startRegistration).not.toHaveBeenCalled()
  })
})
