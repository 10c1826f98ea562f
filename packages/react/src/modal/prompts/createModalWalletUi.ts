import {
  UserRejectedRequestError,
  type WalletPrompt,
  type WalletPromptResult,
  type WalletUi,
} from '@foyer/core'
import type { Route } from '../router/createRouter'
import type { ScreenParamsMap } from '../screenParams'
import type { PromptSettler } from './PromptSettler'

/** What {@link createModalWalletUi} needs from the provider: open the modal at a screen. */
export type ModalWalletUiHost = {
  /** Resets the modal's history to `route` and opens the modal. */
  show(route: Route<ScreenParamsMap>): void
  /** The modal's current history (to come back to after an interrupting flow). */
  history(): readonly Route<ScreenParamsMap>[]
  /** Puts a saved history back. */
  restore(history: readonly Route<ScreenParamsMap>[]): void
}

/** Return type of {@link createModalWalletUi}. */
export type ModalWalletUi = {
  /** The `WalletUi` to register with `client._internal.wallet.ui`. */
  ui: WalletUi
  /**
   * Opens a screen flow that answers through a settler (hooks use it for flows core does not start, such as
   * the export screen), queued behind any open prompt.
   */
  open<Result>(build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>): Promise<Result>
  /**
   * Opens a flow in front of the open prompt when there is one (its screens come back afterwards; e.g. MFA
   * verification asked by the export screen), else like `open`. Resolves with whether it interrupted.
   */
  openInFront<Result>(
    build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>,
  ): Promise<{ result: Result; interrupted: boolean }>
  /**
   * The wallet prompt whose screens are open and not yet answered (e.g. the transaction being sent when the
   * wallet asks for an MFA verification), else `undefined`.
   */
  openPrompt(): WalletPrompt | undefined
  /** Called when the user dismisses the modal (Escape, outside click, Close): rejects the open prompt. */
  dismissed(): void
  /** Whether a flow (a wallet prompt or a hook's) is open and not yet answered. */
  busy(): boolean
}

/**
 * The modal as the embedded wallet's user interface (internal): each prompt opens its screen flow, and
 * prompts run one at a time, in order. A password (or Google Drive) recovery asked while a prompt is open (the frame lost the
 * key while signing) interrupts it instead of queueing behind it, then the interrupted screen comes back.
 * Dismissing the modal rejects the open prompt with `UserRejectedRequestError` (EIP-1193 4001); dismissing
 * it on an interrupting recovery rejects the interrupted prompt as well, so no request is left pending.
 */
export function createModalWalletUi(host: ModalWalletUiHost): ModalWalletUi {
  let queue: Promise<unknown> = Promise.resolve()
  let active: PromptSettler<never> | undefined
  /** The wallet prompt of the active flow (none for a hook's own flow). */
  let activePrompt: WalletPrompt | undefined
  /** The settler of the flow the user last closed the modal on. */
  let dismissedSettle: PromptSettler<never> | undefined

  const run = <Result>(
    build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>,
    prompt?: WalletPrompt,
  ) =>
    new Promise<Result>((resolve, reject) => {
      let settled = false
      const settle: PromptSettler<Result> = {
        resolve(value) {
          if (settled) return
          settled = true
          resolve(value)
        },
        reject(error) {
          if (settled) return
          settled = true
          reject(error ?? new UserRejectedRequestError())
        },
        get settled() {
          return settled
        },
      }
      active = settle as PromptSettler<never>
      activePrompt = prompt
      host.show(build(settle))
    }).finally(() => {
      active = undefined
      activePrompt = undefined
    })

  const open = <Result>(
    build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>,
    prompt?: WalletPrompt,
  ) => {
    const result = queue.then(() => run(build, prompt))
    queue = result.catch(() => {})
    return result
  }

  /** Runs a flow in front of the open prompt, then shows the open prompt's screens again. */
  const interrupt = async <Result>(
    build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>,
    prompt?: WalletPrompt,
  ) => {
    const interrupted = active
    const interruptedPrompt = activePrompt
    const saved = host.history()
    const result = run(build, prompt)
    const own = active
    try {
      return await result
    } catch (error) {
      // Closing the modal on the interrupting flow (e.g. 'Enter your password' asked while signing) ends the
      // interrupted request too: it cannot go on without the wallet, and its screen is gone.
      if (own !== undefined && dismissedSettle === own)
        interrupted?.reject(new UserRejectedRequestError({ cause: error }))
      throw error
    } finally {
      active = interrupted
      activePrompt = interruptedPrompt
      host.restore(saved)
    }
  }

  return {
    ui: {
      prompt: <Prompt extends WalletPrompt>(prompt: Prompt) => {
        const build = (settle: PromptSettler<WalletPromptResult<Prompt>>) =>
          routeFor(prompt, settle as PromptSettler<never>)
        return (prompt.kind === 'recoverWithPassword' || prompt.kind === 'recoverWithOAuth') &&
          active &&
          !active.settled
          ? interrupt(build, prompt)
          : open(build, prompt)
      },
      busy: () => active !== undefined && !active.settled,
    },
    open,
    async openInFront(build) {
      if (active && !active.settled) return { result: await interrupt(build), interrupted: true }
      return { result: await open(build), interrupted: false }
    },
    openPrompt() {
      return active && !active.settled ? activePrompt : undefined
    },
    dismissed() {
      dismissedSettle = active
      active?.reject()
    },
    busy() {
      return active !== undefined && !active.settled
    },
  }
}

function routeFor(prompt: WalletPrompt, settle: PromptSettler<never>): Route<ScreenParamsMap> {
  switch (prompt.kind) {
    case 'signMessage':
    case 'signTypedData':
      return { id: 'signRequest', params: { prompt, settle } }
    case 'sendTransaction':
      return { id: 'sendTransaction', params: { prompt, settle } }
    case 'sendUserOperation':
      return { id: 'userOperation', params: { prompt, settle } }
    case 'sendSolanaTransaction':
      return { id: 'solanaTransaction', params: { prompt, settle } }
    case 'connectWallet':
      return { id: 'walletConnecting', params: { prompt, settle } }
    case 'recoverWithPassword':
      return { id: 'recoverPassword', params: { prompt, settle } }
    case 'recoverWithOAuth':
      return { id: 'recoveryOAuth', params: { mode: 'recover', prompt, settle } }
    case 'setPassword':
      return { id: 'setPassword', params: { prompt, settle } }
    case 'secureNewWallet':
      return { id: 'recoverySelection', params: { prompt, settle } }
  }
}
