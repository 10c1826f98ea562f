import type { SignMessagePrompt } from '@foyer/core/wallet'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

afterEach(cleanup)

// The modal loads its screens lazily: load them once before the first test, so the dialog waits measure the
// screens, not a cold module load on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./SignRequest'), import('../RecoverPassword/RecoverPassword')])
}, 60_000)

/** A 'Sign message' prompt of the test wallet: `message` by `personal_sign`, signed by `sign`, with `extra`. */
function signMessagePrompt(
  message: string,
  sign: () => Promise<string>,
  extra: Partial<Pick<SignMessagePrompt, 'uiOptions'>> = {},
): SignMessagePrompt {
  return { kind: 'signMessage', wallet: testWallet, method: 'personal_sign', message, sign, ...extra }
}

describe('SignRequest', () => {
  test("default: 'Sign message', the message, Approve signs and closes", async () => {
    const { prompt, user } = await renderWalletUi()
    const sign = vi.fn(async () => '0xsig')
    const result = prompt(signMessagePrompt('Hello there', sign))
    const dialog = await findDialog('Sign message')
    expect(within(dialog).getByText('Hello there')).toBeTruthy()
    expect(within(dialog).getByText('Test App wants you to sign this message with your wallet.')).toBeTruthy()
    const violations = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(violations.violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await result).toBe('0xsig')
    expect(sign).toHaveBeenCalledTimes(1)
  })

  test('behavior: uiOptions set the title, description and button; typed data shows its fields', async () => {
    const { prompt, user } = await renderWalletUi()
    const result = prompt({
      kind: 'signTypedData',
      wallet: testWallet,
      typedData: { primaryType: 'Mail', domain: { name: 'Foyer' }, message: { contents: 'Hello, Bob!' } },
      uiOptions: { title: 'Sign the mail', description: 'A typed message', buttonText: 'Sign it' },
      sign: async () => '0xtyped',
    })
    const dialog = await findDialog('Sign the mail')
    expect(within(dialog).getByText('A typed message')).toBeTruthy()
    expect(within(dialog).getByText(/Hello, Bob!/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Sign it' }))
    expect(await result).toBe('0xtyped')
  })

  test('behavior: uiOptions.iconUrl shows the image above the title; an unsafe URL shows none', async () => {
    const { prompt, user } = await renderWalletUi()
    const icon = 'https://app.example/icon.png'
    const first = prompt(
      signMessagePrompt('with an icon', async () => '0xsig', { uiOptions: { iconUrl: icon } }),
    )
    const dialog = await findDialog('Sign message')
    const image = dialog.querySelector('img')
    expect(image?.getAttribute('src')).toBe(icon)
    // Decorative: the title names the request.
    expect(image?.getAttribute('alt')).toBe('')
    expect(
      image?.compareDocumentPosition(within(dialog).getByRole('heading', { name: 'Sign message' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await first

    const second = prompt(
      signMessagePrompt('no icon', async () => '0xsig', { uiOptions: { iconUrl: 'javascript:alert(1)' } }),
    )
    const next = await findDialog('Sign message')
    await within(next).findByText('no icon')
    expect(next.querySelector('img')).toBeNull()
    await user.click(within(next).getByRole('button', { name: 'Approve' }))
    await second
  })

  test('behavior: a password recovery asked while signing comes in front; back on the request it stays busy and the one signature closes it', async () => {
    const { client, prompt, user } = await renderWalletUi()
    let signed = (_signature: string) => {}
    // The frame lost the key while signing: the wallet asks for the password, then signs.
    const sign = vi.fn(async () => {
      await client._internal.wallet.ui?.prompt({
        kind: 'recoverWithPassword',
        wallet: testWallet,
        closable: true,
        recover: async () => {},
      })
      return new Promise<string>((resolve) => {
        signed = resolve
      })
    })
    const result = prompt(signMessagePrompt('Hello there', sign))
    const dialog = await findDialog('Sign message')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const recovery = await findDialog('Enter your password')
    await user.type(within(recovery).getByLabelText('Password'), 'Right-Password{Enter}')
    const back = await findDialog('Sign message')
    const approve = within(back).getByRole('button', { name: 'Approve' })
    await waitFor(() => expect(approve.getAttribute('aria-busy')).toBe('true'))
    await user.click(approve)
    signed('0xsig')
    expect(await result).toBe('0xsig')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sign).toHaveBeenCalledTimes(1)
  })

  test('error: Cancel rejects with 4001 without signing', async () => {
    const { prompt, user } = await renderWalletUi()
    const sign = vi.fn(async () => '0xsig')
    const result = prompt(signMessagePrompt('hi', sign))
    const dialog = await findDialog('Sign message')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(result).rejects.toMatchObject({ code: 'user_rejected' })
    expect(sign).not.toHaveBeenCalled()
  })

  test('error: a signing failure stays on screen; Escape rejects', async () => {
    const { prompt, user } = await renderWalletUi()
    const result = prompt(
      signMessagePrompt('hi', async () => {
        throw Object.assign(new Error('Wallet is not connected'), { code: 'error' })
      }),
    )
    const dialog = await findDialog('Sign message')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Wallet is not connected')
    await user.keyboard('{Escape}')
    await expect(result).rejects.toMatchObject({ code: 'user_rejected' })
  })
})
