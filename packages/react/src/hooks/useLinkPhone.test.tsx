import { act, cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, TEST_CODE, type TestRoutes, testUser } from '../../test/createTestClient'
import { renderHookInProvider, signInWithTestCode } from '../../test/renderInProvider'
import { useLinkPhone } from './useLinkPhone'
import { useUpdatePhone } from './useUpdatePhone'

afterEach(cleanup)

async function setup(routes: TestRoutes = {}, signIn = true) {
  const { client, calls } = createTestClient({
    'POST /api/v1/passwordless_sms/init': () => ({ status: 200, body: { success: true } }),
    ...routes,
  })
  const { result } = await renderHookInProvider(client, () => ({
    link: useLinkPhone(),
    update: useUpdatePhone(),
  }))
  if (signIn) await signInWithTestCode(client)
  return { result, calls, client }
}

describe('useLinkPhone', () => {
  test('default: sendCode and unlinkPhone call the SMS routes', async () => {
    const { result, calls, client } = await setup({
      'POST /api/v1/passwordless_sms/unlink': () => ({ status: 200, body: testUser }),
    })
    await act(() => result.current.link.sendCode('+14155550100'))
    await act(() => result.current.link.unlinkPhone('+14155550100'))
    expect(calls.filter((call) => call.path.startsWith('/api/v1/passwordless_sms/'))).toEqual([
      { method: 'POST', path: '/api/v1/passwordless_sms/init', body: { phoneNumber: '+14155550100' } },
      { method: 'POST', path: '/api/v1/passwordless_sms/unlink', body: { phoneNumber: '+14155550100' } },
    ])
    expect(client.getState().user).toEqual(testUser)
    expect(result.current.link.error).toBeNull()
  })

  test('error: a failed link keeps the documented text (docs/errors.md)', async () => {
    const { result } = await setup({
      'POST /api/v1/passwordless_sms/link': () => ({
        status: 400,
        body: { error: 'Linked elsewhere', code: 'linked_to_another_user' },
      }),
    })
    await act(() =>
      result.current.link.linkPhone({ phoneNumber: '+14155550100', code: TEST_CODE }).catch(() => {}),
    )
    expect(result.current.link.error).toEqual({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    })
  })

  test('error: the modal flows need a signed-in user (and a linked number to update)', async () => {
    const { result } = await setup({}, false)
    await expect(result.current.link.openLinkPhone()).rejects.toThrow(
      'User must be authenticated before linking an account.',
    )
    await expect(result.current.update.openUpdatePhone()).rejects.toThrow(
      'User must be authenticated before linking an account.',
    )
  })

  test('error: openUpdatePhone without a linked number', async () => {
    const { result } = await setup()
    await expect(result.current.update.openUpdatePhone()).rejects.toThrow(
      'User must have a phone number linked to update it.',
    )
  })
})
