import { WalletProxyError } from '@foyer/core/wallet'
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { screenAxeOptions } from '../../../../test/recoveryScreens'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

beforeAll(async () => {
  await Promise.all([import('./WalletConnecting'), import('../RecoverPassword/RecoverPassword')])
}, 60_000)

/** A promise with its settle functions. */
function deferred() {
  let resolve = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A connecting prompt for the test wallet whose unlock is `connect` (closable unless said). */
function connectingPrompt(connect: () => Promise<void>, options: { closable?: boolean } = {}) {
  return { kind: 'connectWallet' as const, wallet: testWallet, closable: options.closable ?? true, connect }
}

describe('WalletConnecting', () => {
  test("default: 'Connecting your wallet' while the unlock runs; unlocked with nothing following, the modal closes", async () => {
    const { prompt } = await renderWalletUi()
    const unlock = deferred()
    const result = prompt(connectingPrompt(() => unlock.promise))
    const dialog = await findDialog('Connecting your wallet')
    expect(within(dialog).getByRole('status').textContent).toBe('This only takes a moment.')
    expect(dialog.querySelector('[aria-busy="true"]')).not.toBeNull()
    expect((await axe.run(dialog, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    unlock.resolve()
    await expect(result).resolves.toBeUndefined()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
  })

  test("behavior: a recovery screen opens in front of it and it comes back; the request's screen replaces it", async () => {
    const { prompt, user } = await renderWalletUi()
    const unlock = deferred()
    let asked = 0
    const connecting = prompt(
      connectingPrompt(() => {
        asked += 1
        return unlock.promise
      }),
    )
    await findDialog('Connecting your wallet')
    // The unlock finds no device share: 'Enter your password' goes in front.
    const recovered = prompt({
      kind: 'recoverWithPassword',
      wallet: { ...testWallet, recoveryMethod: 'user-passcode' },
      closable: true,
      recover: async () => {},
    })
    const password = await findDialog('Enter your password')
    await user.type(within(password).getByLabelText('Password'), 'right-password{Enter}')
    await recovered
    await findDialog('Connecting your wallet')
    // Shown again, it asks for the unlock again (the same one, from core).
    expect(asked).toBe(2)
    unlock.resolve()
    await connecting
    const signed = prompt({
      kind: 'signMessage',
      wallet: testWallet,
      method: 'personal_sign',
      message: 'hello',
      sign: async () => '0xsig',
    })
    await findDialog('Sign message')
    // The sign request stays: the connecting screen's close timer went with it.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(screen.getByRole('dialog', { name: 'Sign message' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await expect(signed).rejects.toMatchObject({ code: 'user_rejected' })
  })

  test("error: a failed unlock shows 'Something went wrong' / \"We're on it…\"; 'Try again' unlocks, Close fails the request", async () => {
    const { prompt, user } = await renderWalletUi()
    let attempts = 0
    const failing = new WalletProxyError('The wallet frame did not answer', { code: 'wallet_proxy_timeout' })
    const result = prompt(
      connectingPrompt(async () => {
        attempts += 1
        if (attempts < 3) throw failing
      }),
    )
    const dialog = await findDialog('Something went wrong')
    expect(within(dialog).getByText("We're on it. Please try again later.")).toBeTruthy()
    expect((await axe.run(dialog, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await findDialog('Something went wrong')
    expect(attempts).toBe(2)
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Try again' }).focus()
    await user.keyboard('{Enter}')
    await expect(result).resolves.toBeUndefined()
    expect(attempts).toBe(3)

    const closed = prompt(
      connectingPrompt(async () => {
        throw failing
      }),
    )
    const again = await findDialog('Something went wrong')
    await user.click(within(again).getAllByRole('button', { name: 'Close' }).at(-1)!)
    await expect(closed).rejects.toBe(failing)
  })

  test("error: a failure that is the request's own answer (a sign-in the device needs) closes the modal and fails the request at once", async () => {
    const { prompt } = await renderWalletUi()
    const signInAgain = new WalletProxyError('Sign in again to use your wallet on this device.', {
      code: 'reauthentication_required',
    })
    const unlock = deferred()
    const result = prompt(connectingPrompt(() => unlock.promise))
    await findDialog('Connecting your wallet')
    unlock.reject(signInAgain)
    await expect(result).rejects.toBe(signInAgain)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('behavior: closable only when the user started the flow; closing rejects the request', async () => {
    const { prompt, user } = await renderWalletUi()
    const automatic = deferred()
    const unlocking = prompt(connectingPrompt(() => automatic.promise, { closable: false }))
    const dialog = await findDialog('Connecting your wallet')
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Connecting your wallet' })).toBeTruthy()
    automatic.resolve()
    await unlocking

    const requested = prompt(connectingPrompt(() => deferred().promise))
    const closable = await findDialog('Connecting your wallet')
    expect(within(closable).getByRole('button', { name: 'Close' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await expect(requested).rejects.toMatchObject({ code: 'user_rejected' })
  })
})
