import { getMfaSettings, promptMfa } from '@foyer/core/mfa'
import type { User } from '@foyer/protocol'
import { cleanup, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { findDialog, renderWalletUi } from '../../../test/renderWallet'

const verifyMfa = vi.fn()
const sendMfaSmsCode = vi.fn()
vi.mock('@foyer/core/mfa', async (original) => ({
  ...(await original<typeof import('@foyer/core/mfa')>()),
  verifyMfa: (...args: unknown[]) => verifyMfa(...args),
  sendMfaSmsCode: (...args: unknown[]) => sendMfaSmsCode(...args),
}))

afterEach(cleanup)
beforeEach(() => {
  verifyMfa.mockReset()
  sendMfaSmsCode.mockReset()
})

const withMethods = (types: Array<'totp' | 'sms' | 'passkey'>): User => ({
  id: 'did:foyer:u',
  created_at: 0,
  linked_accounts: [],
  mfa_methods: types.map((type) => ({ type, verified_at: 0 })),
  has_accepted_terms: true,
  is_guest: false,
})
const failure = (code: string) => Object.assign(new Error(code), { code })

describe('MfaVerify', () => {
  test('default: a single factor opens its code screen; a wrong code keeps it; the right one verifies', async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['totp']) })
    verifyMfa.mockRejectedValueOnce(failure('missing_or_invalid_mfa')).mockResolvedValueOnce(undefined)
    const verified = promptMfa(client)
    const dialog = await findDialog('Verify your identity')
    expect(within(dialog).queryByRole('button', { name: 'Choose another method' })).toBeNull()
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.keyboard('111111')
    expect((await within(dialog).findByText('The code you entered is not valid')).textContent).toBeTruthy()
    // The wrong code stays in the boxes for 1.4 s (docs/modal.md), then they clear.
    expect((within(dialog).getByLabelText('Digit 6 of 6') as HTMLInputElement).value).toBe('1')
    await waitFor(
      () => expect((within(dialog).getByLabelText('Digit 6 of 6') as HTMLInputElement).value).toBe(''),
      { timeout: 3000 },
    )
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Digit 1 of 6').getAttribute('aria-disabled')).toBeNull(),
    )
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.keyboard('123456')
    await verified
    expect(verifyMfa).toHaveBeenLastCalledWith(client, { method: 'totp', code: '123456' })
  })

  test('error: too many attempts shows the documented text and blocks input', async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['totp']) })
    verifyMfa.mockRejectedValueOnce(failure('mfa_verification_max_attempts_reached'))
    void promptMfa(client).catch(() => {})
    const dialog = await findDialog('Verify your identity')
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.keyboard('999999')
    await within(dialog).findByText(
      'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
    )
    expect(within(dialog).getByLabelText('Digit 1 of 6').getAttribute('aria-disabled')).toBe('true')
  })

  test('error: an SMS send refused within the resend wait says so and keeps the code boxes open', async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['sms']) })
    sendMfaSmsCode.mockRejectedValueOnce(failure('too_many_requests'))
    verifyMfa.mockResolvedValueOnce(undefined)
    const verified = promptMfa(client)
    const dialog = await findDialog('Verify your identity')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many attempts.')
    expect(within(dialog).getByLabelText('Digit 1 of 6').getAttribute('aria-disabled')).toBeNull()
    // The code texted before is still valid.
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.keyboard('123456')
    await verified
    expect(verifyMfa).toHaveBeenLastCalledWith(client, { method: 'sms', code: '123456' })
  })

  test("default: several factors show the chooser; SMS sends its code; 'Not now' cancels", async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['totp', 'sms']) })
    sendMfaSmsCode.mockResolvedValue(undefined)
    const verified = promptMfa(client).then(
      () => undefined,
      (error: unknown) => error,
    )
    const dialog = await findDialog('Verify your identity')
    expect(within(dialog).getByText('Choose a verification method')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Passkey' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'SMS' }))
    await waitFor(() => expect(sendMfaSmsCode).toHaveBeenCalledTimes(1))
    expect(within(dialog).getByRole('button', { name: 'Choose another method' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }))
    expect(await verified).toMatchObject({ code: 'mfa_canceled', message: 'MFA canceled' })
    expect(getMfaSettings(client).prompt).toBeDefined()
  })
})
