import type { SignMessageUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { messageAdapters } from './signing/chainAdapters'
import { useChainAdapter } from './signing/useChainAdapter'

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
  const signature = useChainAdapter('useSignMessage', messageAdapters.ethereum)
  const signMessage = useCallback<UseSignMessageReturnType['signMessage']>(
    async (message, options) => ({ signature: await signature(message, options) }),
    [signature],
  )
  return useMemo(() => ({ signMessage }), [signMessage])
}
