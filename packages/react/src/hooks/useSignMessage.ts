import type { SignMessageUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** Options of `signMessage` from {@link useSignMessage}. */
export type UseSignMessageOptions = {
  /** Texts of the sign request screen (default title 'Sign message'). */
  uiOptions?: SignMessageUiOptions
  /** The wallet's address; default the first embedded Ethereum wallet. */
  address?: string
}

/** What {@link useSignMessage} returns. */
export type UseSignMessageReturnType = {
  /**
   * Signs `message` (UTF-8 text, or `{ raw: hex | bytes }`) with EIP-191 `personal_sign`, after the sign request
   * screen unless `noPromptOnSignature`. Rejects with code `'user_rejected'` when the user cancels.
   */
  signMessage(
    message: string | { raw: `0x${string}` | Uint8Array },
    options?: UseSignMessageOptions,
  ): Promise<{ signature: `0x${string}` }>
}

/**
 * Signs messages with the embedded Ethereum wallet (docs/modal.md "Sign request").
 *
 * @returns {@link UseSignMessageReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { signMessage } = useSignMessage()
 * const { signature } = await signMessage('Hello from Foyer', { uiOptions: { title: 'Prove it is you' } })
 */
export function useSignMessage(): UseSignMessageReturnType {
  const { client } = useFoyerContext('useSignMessage')
  const signMessage = useCallback<UseSignMessageReturnType['signMessage']>(
    async (message, options = {}) => {
      const wallet = await loadWallet()
      const signature = await wallet.signMessage(client, {
        message,
        wallet: options.address,
        uiOptions: options.uiOptions,
      })
      return { signature }
    },
    [client],
  )
  return useMemo(() => ({ signMessage }), [signMessage])
}
