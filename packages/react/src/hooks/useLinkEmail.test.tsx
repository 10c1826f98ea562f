import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, type TestRoutes, testUser } from '../../test/createTestClient'
import { renderHookInProvider, signInWithTestCode } from '../../test/renderInProvider'
import { useLinkEmail } from './useLinkEmail'
import { useLinkPasskey } from './useLinkPasskey'

afterEach(cleanup)

async function setup(routes: TestRoutes = {}) {
  const { client, calls } = createTestClient(routes)
  const { result } = await renderHookInProvider(client, () => ({
    email: useLinkEmail(),
    passkey: useLinkPasskey(),
  }))
  await signInWithTestCode(client)
  return { result, calls, client }
}

const refuse = (error: string, code: string) => () => ({ status: 400, body: { error, code } })

describe('unlinking from the hooks (docs/limits.md, docs/api.md)', () => {
  test('default: unlinkEmail posts the address and resolves with the user', async () => {
    const { result, calls, client } = await setup({
      'POST /api/v1/passwordless/unlink': () => ({ status: 200, body: testUser }),
    })
    await act(async () => {
      expect(await result.current.email.unlinkEmail('ada@example.com')).toEqual(testUser)
    })
    expect(calls.find((call) => call.path === '/api/v1/passwordless/unlink')?.body).toEqual({
      address: 'ada@example.com',
    })
    expect(client.getState().user).toEqual(testUser)
  })

  test('error: the last account is never unlinked: a typed error with the server text', async () => {
    const { result } = await setup({
      'POST /api/v1/passwordless/unlink': refuse(
        'Cannot unlink the only account',
        'cannot_unlink_sole_account',
      ),
    })
    await act(async () => {
      await expect(result.current.email.unlinkEmail('ada@example.com')).rejects.toMatchObject({
        code: 'cannot_unlink_sole_account',
      })
    })
    expect(result.current.email.error).toEqual({
      code: 'cannot_unlink_sole_account',
      message: 'Cannot unlink the only account',
    })
  })

  test('default: unlinkPasskey posts the credential id and resolves with the user', async () => {
    const { result, calls } = await setup({
      'POST /api/v1/passkeys/unlink': () => ({ status: 200, body: testUser }),
    })
    await act(async () => {
      expect(await result.current.passkey.unlinkPasskey('cred-1')).toEqual(testUser)
    })
    expect(calls.find((call) => call.path === '/api/v1/passkeys/unlink')?.body).toEqual({
      credential_id: 'cred-1',
    })
  })

  test('error: a passkey enrolled in MFA is refused with the server text', async () => {
    const { result } = await setup({
      'POST /api/v1/passkeys/unlink': refuse('Cannot unlink a passkey enrolled in MFA', 'invalid_request'),
    })
    await act(async () => {
      await expect(result.current.passkey.unlinkPasskey('cred-1')).rejects.toMatchObject({
        code: 'invalid_request',
      })
    })
    expect(result.current.passkey.error).toEqual({
      code: 'invalid_request',
      message: 'Cannot unlink a passkey enrolled in MFA',
    })
    expect(result.current.passkey.linking).toBe(false)
  })
})
