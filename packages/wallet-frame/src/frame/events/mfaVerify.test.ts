import type { MfaMethodType } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { createTestTokens } from '../../test/createTestTokens'
import { unreachableApi } from '../../test/unreachableApi'
import { createFrameHandler } from '../createFrameHandler'
import { createMemoryShareStore } from '../createMemoryShareStore'
import type { FrameApi } from '../FrameApi'

const appId = 'foyerdemoapp0000000000000'

/** A handler whose server reports `methods` as the user's MFA factors and records verify calls. */
async function setup(methods: MfaMethodType[]) {
  const tokens = await createTestTokens(appId)
  const verified: string[] = []
  const unreachable = unreachableApi(async () => ({ keys: [tokens.jwk] }))
  const api: FrameApi = {
    ...unreachable,
    mfa: {
      ...unreachable.mfa,
      listMethods: async () => methods,
      verify: async (_token, method) => {
        verified.push(method)
        return { token: 'mfa-token' }
      },
    },
  }
  const handler = createFrameHandler({ appId, api, deviceShares: createMemoryShareStore(), mode: 'wallet' })
  return { handler, verified, accessToken: await tokens.accessToken('did:foyer:alice', Date.now()) }
}

describe('privy:mfa:verify', () => {
  test('without mfaMethod, a user with no MFA factor: { method: null }, nothing sent to verify', async () => {
    const { handler, verified, accessToken } = await setup([])
    const reply = await handler.handle({ id: '1', event: 'privy:mfa:verify', data: { accessToken } })
    expect(reply).toEqual({ id: '1', event: 'privy:mfa:verify', data: { method: null } })
    expect(verified).toEqual([])
  })

  test('without mfaMethod, a user with a factor: missing_or_invalid_mfa, so the client asks for a code', async () => {
    const { handler, verified, accessToken } = await setup(['totp'])
    const reply = await handler.handle({ id: '2', event: 'privy:mfa:verify', data: { accessToken } })
    expect(reply).toMatchObject({
      id: '2',
      event: 'privy:mfa:verify',
      error: { type: 'missing_or_invalid_mfa' },
    })
    expect(verified).toEqual([])
  })

  test('with a code: sent to the server, { method }', async () => {
    const { handler, verified, accessToken } = await setup(['totp'])
    const reply = await handler.handle({
      id: '3',
      event: 'privy:mfa:verify',
      data: { accessToken, mfaMethod: 'totp', mfaCode: '123456' },
    })
    expect(reply).toEqual({ id: '3', event: 'privy:mfa:verify', data: { method: 'totp' } })
    expect(verified).toEqual(['totp'])
  })

  test('an unknown key beside the token is refused, not read as the check', async () => {
    const { handler, accessToken } = await setup([])
    const reply = await handler.handle({
      id: '4',
      event: 'privy:mfa:verify',
      data: { accessToken, mfaMethod: 'email', mfaCode: '123456' },
    })
    expect(reply).toMatchObject({ error: { type: 'invalid_request_arguments' } })
  })
})
