import { cleanup, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { setPasswordThroughFlow } from '../../../../test/recoveryScreens'
import { findDialog, renderWalletUi } from '../../../../test/renderWallet'

afterEach(cleanup)

const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

/** Clicks a step's button once its 250 ms delay (docs/limits.md) has passed. */
async function press(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  await user.click(button)
}

async function openFlow(options: { closable?: boolean; submit?: (password: string) => Promise<void> } = {}) {
  const rendered = await renderWalletUi()
  const submit = vi.fn(options.submit ?? (async () => {}))
  const result = rendered.prompt({
    kind: 'setPassword',
    reason: 'create',
    closable: options.closable ?? true,
    submit,
  })
  const dialog = await findDialog('Set your password')
  return { ...rendered, result, submit, dialog }
}

describe('SetPassword', () => {
  test('default: set, save, confirm, acknowledge, Set Password, Success', async () => {
    const { user, result, submit, dialog } = await openFlow()
    expect(
      within(dialog).getByText('Select a strong, memorable password to secure your account.'),
    ).toBeTruthy()
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' })
    expect(continueButton.hasAttribute('disabled')).toBe(true)
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD)
    expect(within(dialog).getByText('Password strength: Strong')).toBeTruthy()
    await press(user, dialog, 'Continue')

    const save = await findDialog('Save your password')
    expect(
      within(save).getByText('For your security, this password cannot be reset, so keep it somewhere safe.'),
    ).toBeTruthy()
    expect(within(save).getByText(PASSWORD)).toBeTruthy()
    expect(within(save).getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(within(save).getByRole('button', { name: 'Download' })).toBeTruthy()
    await press(user, save, 'Continue')

    const confirm = await findDialog('Confirm your password')
    expect(within(confirm).getByText('Please re-enter your password below to continue.')).toBeTruthy()
    await user.type(within(confirm).getByLabelText('Confirm password'), 'Velvet')
    await press(user, confirm, 'Continue')
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Passwords do not match')
    await user.clear(within(confirm).getByLabelText('Confirm password'))
    await user.type(within(confirm).getByLabelText('Confirm password'), PASSWORD)
    await press(user, confirm, 'Continue')

    const final = await findDialog('Confirm you have saved')
    const set = within(final).getByRole('button', { name: 'Set Password' })
    expect(set.hasAttribute('disabled')).toBe(true)
    await user.click(
      within(final).getByLabelText(
        'I understand that if I lose my password and device, I will lose access to my account and my assets.',
      ),
    )
    await press(user, final, 'Set Password')
    await findDialog('Success')
    await result
    expect(submit).toHaveBeenCalledWith(PASSWORD)
  })

  test("behavior: Continue is disabled while 'Passwords do not match' shows; the show toggle is an icon button", async () => {
    const { user, dialog } = await openFlow()
    const toggle = within(dialog).getByRole('button', { name: 'Show password' })
    // An icon with an accessible name: no visible text that takes the field's width.
    expect(toggle.textContent).toBe('')
    expect(toggle.querySelector('svg')).toBeTruthy()
    await user.click(toggle)
    expect(within(dialog).getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD)
    await press(user, dialog, 'Continue')
    await press(user, await findDialog('Save your password'), 'Continue')
    const confirm = await findDialog('Confirm your password')
    const field = within(confirm).getByLabelText('Confirm password')
    await user.type(field, 'Velvet')
    await press(user, confirm, 'Continue')
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Passwords do not match')
    const continueButton = within(confirm).getByRole('button', { name: 'Continue' })
    expect(continueButton.hasAttribute('disabled')).toBe(true)
    // Typing again hides the message and enables Continue.
    await user.type(field, '-')
    expect(within(confirm).queryByRole('alert')).toBeNull()
    await waitFor(() => expect(continueButton.hasAttribute('disabled')).toBe(false))
  })

  test('behavior: errors show after typing; Generate fills a valid 4-word password', async () => {
    const { user, dialog } = await openFlow()
    const field = within(dialog).getByLabelText('Password')
    await user.type(field, 'abc')
    expect(within(dialog).getByRole('alert').textContent).toBe('Password must be at least 6 characters')
    await user.type(field, ' x~')
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid characters used ( SPACE ~ )')
    await user.click(within(dialog).getByRole('button', { name: 'Generate password' }))
    expect((field as HTMLInputElement).value).toMatch(/^[A-Z][a-z]+(-[A-Z][a-z]+){3}$/)
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  test('behavior: without a user-started flow there is no Cancel and no Close', async () => {
    const { user, dialog } = await openFlow({ closable: false })
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD)
    await press(user, dialog, 'Continue')
    const save = await findDialog('Save your password')
    await press(user, save, 'Continue')
    const confirm = await findDialog('Confirm your password')
    await user.type(within(confirm).getByLabelText('Confirm password'), PASSWORD)
    await press(user, confirm, 'Continue')
    const final = await findDialog('Confirm you have saved')
    expect(within(final).queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  test("error: a failed submit shows 'Something went wrong' with the error text", async () => {
    const { user, dialog } = await openFlow({
      submit: async () => {
        throw Object.assign(new Error('Error setting a password on the embedded wallet'), {
          code: 'set_password_failed',
        })
      },
    })
    await setPasswordThroughFlow(user, dialog, PASSWORD)
    const failure = await findDialog('Something went wrong')
    expect(within(failure).getByText('Error setting a password on the embedded wallet')).toBeTruthy()
  })
})
