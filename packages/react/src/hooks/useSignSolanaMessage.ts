import type { SignMessageUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

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
  const { client } = useFoyerContext('useSignSolanaMessage')
  const signMessage = useCallback<UseSignSolanaMessageReturnType['signMessage']>(
    async (message, options = {}) => {
      const wallet = await loadWallet()
      const signature = await wallet.signSolanaMessage(client, {
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
