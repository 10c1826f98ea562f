import { getMfaSettings, promptMfa } from '@foyer/core/mfa'
import type { User } from '@foyer/protocol'
import { cleanup, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { findDialog, renderWalletUi } from '../../../test/renderWallet'
import { testReceipt } from '../../../test/testReceipt'
import { testSendPrompt } from '../../../test/testSendPrompt'

const verifyMfa = vi.fn()
const sendMfaSmsCode = vi.fn()
const verifyMfaWithPasskey = vi.fn()
vi.mock('@foyer/core/mfa', async (original) => ({
  ...(await original<typeof import('@foyer/core/mfa')>()),
  verifyMfa: (...args: unknown[]) => verifyMfa(...args),
  sendMfaSmsCode: (...args: unknown[]) => sendMfaSmsCode(...args),
  verifyMfaWithPasskey: (...args: unknown[]) => verifyMfaWithPasskey(...args),
}))

afterEach(cleanup)
beforeEach(() => {
  verifyMfa.mockReset()
  sendMfaSmsCode.mockReset()
  verifyMfaWithPasskey.mockReset()
})
// The modal loads its screens lazily: load them once before the first test, so the dialog waits measure the
// screens, not a cold module load on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('./MfaVerify'),
    import('./PendingTransaction'),
    import('../wallet/SendTransaction/SendTransaction'),
  ])
}, 60_000)

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

  test('error: a paste of more than six digits says the passcode must be 6 numbers and submits nothing', async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['totp']) })
    verifyMfa.mockResolvedValueOnce(undefined)
    const verified = promptMfa(client)
    const dialog = await findDialog('Verify your identity')
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.paste('12345678')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Passcode must be exactly 6 numbers')
    expect(verifyMfa).not.toHaveBeenCalled()
    // The boxes clear after 1.4 s; the right code then verifies.
    await waitFor(
      () => expect((within(dialog).getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe(''),
      { timeout: 3000 },
    )
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await user.keyboard('123456')
    await verified
    expect(verifyMfa).toHaveBeenCalledTimes(1)
    expect(verifyMfa).toHaveBeenLastCalledWith(client, { method: 'totp', code: '123456' })
  })

  test("error: the browser's passkey dialog dismissed says 'Verification canceled'; Try again verifies", async () => {
    const { client, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['passkey']) })
    verifyMfaWithPasskey
      .mockRejectedValueOnce(failure('PASSKEY_NOT_ALLOWED'))
      .mockResolvedValueOnce(undefined)
    const verified = promptMfa(client)
    const dialog = await findDialog('Verify your identity')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Verification canceled')
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await verified
    expect(verifyMfaWithPasskey).toHaveBeenCalledTimes(2)
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

  test('behavior: a verification asked while a transaction sends: the passkey screen sums it up, the review comes back busy and the one send settles the prompt; without a transaction, no summary', async () => {
    const { client, prompt, user } = await renderWalletUi()
    client._internal.setState({ user: withMethods(['passkey']) })
    let confirmPasskey = () => {}
    verifyMfaWithPasskey.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          confirmPasskey = resolve
        }),
    )
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const hash = `0x${'ab'.repeat(32)}` as const
    const send = testSendPrompt(
      {
        // The wallet asks for a verification while sending, as the frame does for a user with a factor.
        send: vi.fn(async () => {
          await promptMfa(client)
          return hash
        }),
        waitForReceipt: () => receipt,
      },
      { to, value: 5n * 10n ** 17n },
    )
    let mined = () => {}
    const receipt = new Promise<ReturnType<typeof testReceipt>>((resolve) => {
      mined = () => resolve(testReceipt(hash))
    })
    const sent = prompt(send)
    const review = await findDialog('Review transaction')
    const approve = within(review).getByRole('button', { name: 'Approve' })
    await waitFor(() => expect(approve.hasAttribute('disabled')).toBe(false))
    await user.click(approve)
    const dialog = await findDialog('Verify your identity')
    await within(dialog).findByText('Verifying with passkey')
    const summary = await within(dialog).findByRole('region', { name: 'Transaction to approve' })
    expect(within(summary).getByTitle(to).textContent).toBe('0x7099…79C8')
    expect(within(summary).getByText('0.5 ETH')).toBeTruthy()
    expect(within(summary).getByText('Anvil')).toBeTruthy()
    confirmPasskey()
    // The review comes back (a new instance of its screen) still submitting: no second Approve.
    const back = await findDialog('Review transaction')
    await waitFor(() =>
      expect(within(back).getByRole('button', { name: 'Approve' }).getAttribute('aria-busy')).toBe('true'),
    )
    await user.click(within(back).getByRole('button', { name: 'Approve' }))
    mined()
    // The send started before the verification settles the prompt and shows the success.
    expect(await sent).toBe(hash)
    await findDialog('Transaction complete!')
    expect(send.send).toHaveBeenCalledTimes(1)

    // Asked outside a transaction (e.g. by the host): the passkey screen alone.
    const verified = promptMfa(client)
    const alone = await findDialog('Verify your identity')
    await within(alone).findByText('Verifying with passkey')
    expect(within(alone).queryByRole('region', { name: 'Transaction to approve' })).toBeNull()
    confirmPasskey()
    await verified
  })
})
