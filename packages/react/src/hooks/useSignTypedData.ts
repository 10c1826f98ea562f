import type { SignMessageUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { messageAdapters } from './signing/chainAdapters'
import { useChainAdapter } from './signing/useChainAdapter'

/** What {@link useSignTypedData} returns. */
export type UseSignTypedDataReturnType = {
  /**
   * Signs EIP-712 typed data (`eth_signTypedData_v4`), after the sign request screen and its typed-data view
   * unless `noPromptOnSignature`.
   */
  signTypedData(
    typedData: Record<string, unknown> | string,
    options?: { uiOptions?: SignMessageUiOptions; address?: string },
  ): Promise<{ signature: `0x${string}` }>
}

/**
 * Signs EIP-712 typed data with the embedded Ethereum wallet.
 *
 * @returns {@link UseSignTypedDataReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { signTypedData } = useSignTypedData()
 * const { signature } = await signTypedData({ domain, types, primaryType: 'Mail', message })
 */
export function useSignTypedData(): UseSignTypedDataReturnType {
  const signature = useChainAdapter('useSignTypedData', messageAdapters.ethereumTypedData)
  const signTypedData = useCallback<UseSignTypedDataReturnType['signTypedData']>(
    async (typedData, options) => ({ signature: await signature(typedData, options) }),
    [signature],
  )
  return useMemo(() => ({ signTypedData }), [signTypedData])
}
