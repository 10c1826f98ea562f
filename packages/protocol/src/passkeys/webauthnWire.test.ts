import { describe, expect, test } from 'vitest'
import {
  passkeyAssertionSchema,
  passkeyAttestationSchema,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
} from '../schemas/passkeys'
import {
  authenticationResponseFromWire,
  authenticationResponseToWire,
  creationOptionsFromWire,
  creationOptionsToWire,
  registrationResponseFromWire,
  registrationResponseToWire,
  requestOptionsFromWire,
  requestOptionsToWire,
} from './webauthnWire'

const creation = {
  rp: { id: 'localhost', name: 'App' },
  user: { id: 'dXNlcg', name: 'App user', displayName: 'App user' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [
    { type: 'public-key' as const, alg: -8 },
    { type: 'public-key' as const, alg: -7 },
  ],
  timeout: 300_000,
  excludeCredentials: [{ id: 'old', type: 'public-key', transports: ['internal', 'hybrid'] }],
  authenticatorSelection: { residentKey: 'required' as const, userVerification: 'preferred' as const },
  attestation: 'none' as const,
  extensions: { credProps: true },
}

describe('webauthnWire', () => {
  test('default: creation options → snake_case the wire schema accepts, and back unchanged', () => {
    const wire = creationOptionsToWire(creation)
    expect(wire).toEqual({
      rp: { id: 'localhost', name: 'App' },
      user: { id: 'dXNlcg', name: 'App user', display_name: 'App user' },
      challenge: 'Y2hhbGxlbmdl',
      pub_key_cred_params: creation.pubKeyCredParams,
      timeout: 300_000,
      exclude_credentials: [{ id: 'old', type: 'public-key', transports: ['internal', 'hybrid'] }],
      authenticator_selection: { resident_key: 'required', user_verification: 'preferred' },
      attestation: 'none',
      extensions: { cred_props: { rk: true } },
    })
    expect(passkeyCreationOptionsSchema.parse(wire)).toEqual(wire)
    expect(creationOptionsFromWire(wire)).toEqual(creation)
  })

  test('default: request options round-trip', () => {
    const request = {
      challenge: 'Y2hhbGxlbmdl',
      rpId: 'localhost',
      timeout: 300_000,
      userVerification: 'required' as const,
      allowCredentials: [{ id: 'a', type: 'public-key' }],
    }
    const wire = requestOptionsToWire(request)
    expect(wire).toEqual({
      challenge: 'Y2hhbGxlbmdl',
      rp_id: 'localhost',
      timeout: 300_000,
      user_verification: 'required',
      allow_credentials: [{ id: 'a', type: 'public-key' }],
    })
    expect(passkeyRequestOptionsSchema.parse(wire)).toEqual(wire)
    expect(requestOptionsFromWire(wire)).toEqual(request)
  })

  test('default: credentials round-trip; extension names are renamed both ways', () => {
    const attestation = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
      response: { clientDataJSON: 'e30', attestationObject: 'AA', transports: ['internal'] },
    }
    const wire = registrationResponseToWire(attestation)
    expect(wire).toEqual({
      id: 'cred',
      raw_id: 'cred',
      type: 'public-key',
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true } },
      response: { client_data_json: 'e30', attestation_object: 'AA', transports: ['internal'] },
    })
    expect(registrationResponseFromWire(passkeyAttestationSchema.parse(wire))).toEqual(attestation)
    const assertion = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dXNlcg' },
    }
    const assertionWire = authenticationResponseToWire(assertion)
    expect(assertionWire.response.user_handle).toBe('dXNlcg')
    expect(authenticationResponseFromWire(passkeyAssertionSchema.parse(assertionWire))).toEqual(assertion)
  })

  test('behavior: null and unknown values from a client read as absent', () => {
    const wire = passkeyAssertionSchema.parse({
      id: 'cred',
      raw_id: 'cred',
      type: 'public-key',
      authenticator_attachment: 'unknown-kind',
      client_extension_results: null,
      response: { client_data_json: 'e30', authenticator_data: 'AA', signature: 'AA', user_handle: null },
    })
    expect(authenticationResponseFromWire(wire)).toEqual({
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    })
  })

  test('error: the camelCase credential of @simplewebauthn/browser does not parse as the wire', () => {
    const result = passkeyAssertionSchema.safeParse({
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    })
    expect(result.success).toBe(false)
  })
})
