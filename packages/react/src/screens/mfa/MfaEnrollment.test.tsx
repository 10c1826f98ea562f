import type { User } from '@foyer/protocol'
import { cleanup, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { appConfigRoute, createTestClient } from '../../../test/createTestClient'
import { renderHost } from '../../../test/renderHost'
import { useMfaEnrollment } from '../../hooks/useMfaEnrollment'

const initMfaEnrollment = vi.fn()
const submitMfaEnrollment = vi.fn()
vi.mock('@foyer/core/mfa', async (original) => ({
  ...(await original<typeof import('@foyer/core/mfa')>()),
  initMfaEnrollment: (...args: unknown[]) => initMfaEnrollment(...args),
  submitMfaEnrollment: (...args: unknown[]) => submitMfaEnrollment(...args),
}))

afterEach(cleanup)
// The modal loads its screens lazily: load this one once before the first test, so the waits for its texts
// measure the screen, not a cold module load on a busy machine.
beforeAll(async () => {
  await import('./MfaEnrollment')
}, 60_000)
beforeEach(() => {
  initMfaEnrollment.mockReset()
  submitMfaEnrollment.mockReset()
})

const AUTH_URL = 'otpauth://totp/Demo:me%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Demo'

function userWith(parameters: { mfa?: Array<'totp' | 'sms' | 'passkey'>; phone?: boolean }): User {
  return {
    id: 'did:foyer:u',
    created_at: 0,
    linked_accounts: parameters.phone
      ? [
          {
            type: 'phone',
            number: '+14155550100',
            verified_at: 0,
            first_verified_at: 0,
            latest_verified_at: 0,
          },
        ]
      : [],
    mfa_methods: (parameters.mfa ?? []).map((type) => ({ type, verified_at: 0 })),
    has_accepted_terms: true,
    is_guest: false,
  }
}

function Opener({ onDone }: { onDone: () => void }) {
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  return (
    <button type="button" onClick={() => void showMfaEnrollmentModal().then(onDone, () => {})}>
      open
    </button>
  )
}

async function renderEnrollment(user: User) {
  const { client } = createTestClient(appConfigRoute({ mfa_methods: ['totp', 'sms', 'passkey'] }))
  const done = vi.fn()
  const view = renderHost(client, <Opener onDone={done} />)
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  client._internal.setState({ user })
  const actor = userEvent.setup()
  await actor.click(view.getByRole('button', { name: 'open' }))
  return { client, done, actor, dialog: await view.findByRole('dialog') }
}

describe('MfaEnrollment', () => {
  test('default: intro, choose, QR code and secret, 6 digits, added, Done', async () => {
    initMfaEnrollment.mockResolvedValue({
      method: 'totp',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      authUrl: AUTH_URL,
    })
    submitMfaEnrollment.mockResolvedValue(userWith({ mfa: ['totp'] }))
    const { client, done, actor, dialog } = await renderEnrollment(userWith({}))
    await within(dialog).findByText('Transaction protection')
    await actor.click(within(dialog).getByRole('button', { name: 'Continue' }))
    // Each badge sits in its method's row, beside the button (not in the flow between the buttons).
    const recommended = within(dialog).getByText('Recommended')
    expect(recommended.closest('[data-mfa-method]')?.getAttribute('data-mfa-method')).toBe('totp')
    expect(recommended.parentElement?.className).toBe('foyer-method-meta')
    await actor.click(within(dialog).getByRole('button', { name: 'Authenticator app' }))
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('data-qr-value')).toBe(AUTH_URL)
    // Centred in the screen by its class (`align-self:center`).
    expect(qr.getAttribute('class')).toBe('foyer-qr')
    expect(within(dialog).getByTestId('mfa-totp-secret').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
    await actor.click(within(dialog).getByRole('button', { name: 'Continue' }))
    // Back goes from verify to enroll.
    await actor.click(within(dialog).getByRole('button', { name: 'Back' }))
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })
    await actor.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await actor.click(within(dialog).getByLabelText('Digit 1 of 6'))
    await actor.keyboard('123456')
    await within(dialog).findByText('Authenticator app verification added')
    expect(within(dialog).getByTestId('mfa-added-icon').getAttribute('data-tone')).toBe('success')
    expect(submitMfaEnrollment).toHaveBeenCalledWith(client, { method: 'totp', code: '123456' })
    await actor.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(done).toHaveBeenCalled())
  })

  test("default: an enabled method shows 'Enabled' and cannot be picked; SMS is 'Disabled' for SMS sign-in", async () => {
    const { dialog } = await renderEnrollment(userWith({ mfa: ['totp'], phone: true }))
    await within(dialog).findByText('Choose a verification method')
    const totp = within(dialog).getByRole('button', { name: 'Authenticator app' })
    expect(totp.hasAttribute('disabled')).toBe(true)
    const enabled = within(dialog).getByText('Enabled')
    expect(enabled.closest('[data-mfa-method]')?.getAttribute('data-mfa-method')).toBe('totp')
    const remove = within(dialog).getByRole('button', { name: 'Remove' })
    expect(remove.parentElement).toBe(enabled.parentElement)
    expect(within(dialog).getByRole('button', { name: 'SMS' }).hasAttribute('disabled')).toBe(true)
    expect(within(dialog).getByText('Disabled')).toBeTruthy()
  })
})
