import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

afterEach(cleanup)

describe('RecoverPassword', () => {
  test("default: 'Enter your password'; a wrong password shows the documented error; the right one recovers", async () => {
    const { prompt, user } = await renderWalletUi()
    const tried: string[] = []
    const result = prompt({
      kind: 'recoverWithPassword',
      wallet: { ...testWallet, recoveryMethod: 'user-passcode' },
      closable: true,
      recover: async (password) => {
        tried.push(password)
        if (password !== 'Right-Password') {
          throw Object.assign(new Error('bad pin'), { code: 'invalid_recovery_pin' })
        }
      },
    })
    const dialog = await findDialog('Enter your password')
    const submit = within(dialog).getByRole('button', { name: 'Recover your account' })
    expect(submit.hasAttribute('disabled')).toBe(true) // non-empty (docs/limits.md)
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one')
    await user.click(submit)
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Invalid recovery password, please try again.',
    )
    await user.clear(within(dialog).getByLabelText('Password'))
    await user.type(within(dialog).getByLabelText('Password'), 'Right-Password{Enter}')
    await result
    expect(tried).toEqual(['wrong-one', 'Right-Password'])
  })

  test("error: any other failure is 'An error has occurred, please try again.'", async () => {
    const { prompt, user } = await renderWalletUi()
    prompt({
      kind: 'recoverWithPassword',
      wallet: testWallet,
      closable: true,
      recover: async () => {
        throw Object.assign(new Error('boom'), { code: 'network_error' })
      },
    })
    const dialog = await findDialog('Enter your password')
    await user.type(within(dialog).getByLabelText('Password'), 'anything{Enter}')
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An error has occurred, please try again.',
    )
  })

  test("behavior: closable only when the user started the flow: automatic recovery has no Close and ignores Escape; a request's closes and rejects it", async () => {
    const { prompt, user } = await renderWalletUi()
    let settled = false
    void prompt({
      kind: 'recoverWithPassword',
      wallet: { ...testWallet, recoveryMethod: 'user-passcode' },
      closable: false,
      recover: async () => {},
    }).finally(() => {
      settled = true
    })
    await findDialog('Enter your password')
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Enter your password' })).toBeTruthy()
    expect(settled).toBe(false)
    cleanup()

    const second = await renderWalletUi()
    const result = second.prompt({
      kind: 'recoverWithPassword',
      wallet: { ...testWallet, recoveryMethod: 'user-passcode' },
      closable: true,
      recover: async () => {},
    })
    const dialog = await findDialog('Enter your password')
    await second.user.click(within(dialog.parentElement ?? dialog).getByRole('button', { name: 'Close' }))
    await expect(result).rejects.toMatchObject({ code: 'user_rejected' })
  })
})
