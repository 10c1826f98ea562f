import type { SignMessageUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { messageAdapters } from './signing/chainAdapters'
import { useChainAdapter } from './signing/useChainAdapter'

/** What {@link useSignSolanaMessage} returns. */
export type UseSignSolanaMessageReturnType = {
  /** Signs UTF-8 text or bytes (ed25519), after the sign request screen unless `noPromptOnSignature`. */
  signMessage(
    message: string | Uint8Array,
    options?: { uiOptions?: SignMessageUiOptions; address?: string },
  ): Promise<{ signature: Uint8Array }>
}

/**
 * Signs messages with the embedded Solana wallet (the Solana twin of `useSignMessage`).
 *
 * @returns {@link UseSignSolanaMessageReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { signMessage } = useSignSolanaMessage()
 * const { signature } = await signMessage('Hello from Foyer')
 */
export function useSignSolanaMessage(): UseSignSolanaMessageReturnType {
  const signature = useChainAdapter('useSignSolanaMessage', messageAdapters.solana)
  const signMessage = useCallback<UseSignSolanaMessageReturnType['signMessage']>(
    async (message, options) => ({ signature: await signature(message, options) }),
    [signature],
  )
  return useMemo(() => ({ signMessage }), [signMessage])
}
