import { describe, expect, test } from 'vitest'
import type { Route } from '../router/createRouter'
import { createRouter } from '../router/createRouter'
import type { ScreenParamsMap } from '../screenParams'
import { createModalWalletUi } from './createModalWalletUi'

const wallet = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainType: 'ethereum' as const,
  walletIndex: 0,
  entropyId: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  recoveryMethod: 'user-passcode' as const,
  imported: false,
  walletClientType: 'privy' as const,
  connectorType: 'embedded' as const,
}

function setup() {
  const router = createRouter<ScreenParamsMap>({ id: 'landing', params: undefined })
  const shown: Route<ScreenParamsMap>[] = []
  const modal = createModalWalletUi({
    show(route) {
      shown.push(route)
      router.reset(route.id, route.params as never)
    },
    history: () => router.getHistory(),
    restore: (history) => router.restore(history),
  })
  const current = () =>
    router.getHistory().at(-1) as { id: string; params: { settle: { resolve(v: unknown): void } } }
  return { router, shown, modal, current }
}

const signPrompt = (message: string) => ({
  kind: 'signMessage' as const,
  wallet,
  method: 'personal_sign' as const,
  message,
  sign: async () => '0xsig',
})

describe('createModalWalletUi', () => {
  test('default: a prompt opens its screen and resolves with what the screen answers', async () => {
    const { modal, current } = setup()
    const result = modal.ui.prompt(signPrompt('hello'))
    await Promise.resolve()
    await Promise.resolve()
    expect(current().id).toBe('signRequest')
    current().params.settle.resolve('0xsig')
    expect(await result).toBe('0xsig')
  })

  test('behavior: prompts run one at a time, in order', async () => {
    const { modal, shown, current } = setup()
    const first = modal.ui.prompt(signPrompt('one'))
    const second = modal.ui.prompt(signPrompt('two'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(shown).toHaveLength(1)
    current().params.settle.resolve('0x1')
    await first
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(shown).toHaveLength(2)
    expect((shown[1]?.params as { prompt: { message: string } } | undefined)?.prompt.message).toBe('two')
    current().params.settle.resolve('0x2')
    expect(await second).toBe('0x2')
  })

  test('error: dismissing the modal rejects the open prompt with a user rejection (4001)', async () => {
    const { modal } = setup()
    const result = modal.ui.prompt(signPrompt('hello'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    modal.dismissed()
    await expect(result).rejects.toMatchObject({
      code: 'user_rejected',
      message: 'The user rejected the request',
    })
  })

  test('behavior: a password recovery asked during a prompt interrupts it, then its screen comes back', async () => {
    const { modal, router, current } = setup()
    const sign = modal.ui.prompt(signPrompt('hello'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const before = router.getHistory()
    const recovery = modal.ui.prompt({
      kind: 'recoverWithPassword',
      wallet,
      closable: true,
      recover: async () => {},
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(current().id).toBe('recoverPassword')
    current().params.settle.resolve(undefined)
    await recovery
    expect(router.getHistory()).toBe(before)
    current().params.settle.resolve('0xsig')
    expect(await sign).toBe('0xsig')
  })

  test('behavior: closing the modal on an interrupting recovery rejects the interrupted request too', async () => {
    const { modal, current } = setup()
    const sign = modal.ui.prompt(signPrompt('hello'))
    const signOutcome = sign.then(
      () => 'resolved',
      (error: unknown) => error,
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    const recovery = modal.ui.prompt({
      kind: 'recoverWithPassword',
      wallet,
      closable: true,
      recover: async () => {},
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(current().id).toBe('recoverPassword')
    modal.dismissed()
    await expect(recovery).rejects.toMatchObject({ code: 'user_rejected' })
    expect(await signOutcome).toMatchObject({
      code: 'user_rejected',
      message: 'The user rejected the request',
    })
    expect(modal.openPrompt()).toBeUndefined()
  })
})
