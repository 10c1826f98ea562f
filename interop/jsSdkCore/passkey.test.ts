import { createSoftAuthenticator, type SoftCredential } from '@foyer/server/testing'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { origin } = inject('interop')
const rpId = new URL(origin).hostname
const authenticator = createSoftAuthenticator()
// Each call names the relying party (the page's origin), as a host outside a browser page does.

/** A software authenticator's registration for the client's creation options (snake_case on the wire). */
function register(options: { challenge: string; rp?: { id?: string } }) {
  return authenticator.register({ challenge: options.challenge, origin, rpId: options.rp?.id ?? rpId })
}

describe('js-sdk-core: passkeys', () => {
  let credential: SoftCredential | undefined

  test('generateSignupOptions + signupWithPasskey: a new user whose first account is the passkey', async () => {
    const client = await createClient()
    const { options } = await client.auth.passkey.generateSignupOptions(origin)
    const registration = register(options)
    credential = registration.credential
    const session = await client.auth.passkey.signupWithPasskey(registration.response, origin)
    expect(session.is_new_user).toBe(true)
    expect(session.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'passkey' }))
  })

  test('generateAuthenticationOptions + loginWithPasskey: the passkey signs in again', async () => {
    if (!credential) throw new Error('needs the passkey of the sign-up test')
    const client = await createClient()
    const { options } = await client.auth.passkey.generateAuthenticationOptions(origin)
    credential.counter += 1
    const assertion = authenticator.assert({
      credential,
      challenge: options.challenge,
      origin,
      rpId: options.rp_id ?? rpId,
      counter: credential.counter,
    })
    const session = await client.auth.passkey.loginWithPasskey(assertion, options.challenge, origin)
    expect(session.is_new_user).toBe(false)
  })

  test('generateRegistrationOptions + linkWithPasskey: a signed-in user links a passkey', async () => {
    const { client } = await signedInClient('passkey')
    const { options } = await client.auth.passkey.generateRegistrationOptions(origin)
    const { response } = register(options)
    const { user } = await client.auth.passkey.linkWithPasskey(response, origin)
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'passkey' }))
  })
})
