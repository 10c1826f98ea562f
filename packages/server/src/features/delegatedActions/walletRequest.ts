import type { WalletRpcRequest } from '@foyer/protocol'
import { type Hex, hexToBigInt } from 'viem'
import type { PolicyRequest } from './evaluatePolicy'

/** What the record keeps of a request's subject: its chain (CAIP-2), a send's recipient and value (wei). */
export function recordedSubject(body: WalletRpcRequest): {
  caip2: string | null
  toAddress: string | null
  valueWei: string | null
} {
  if (body.method === 'eth_sendTransaction')
    return {
      caip2: body.caip2,
      toAddress: body.params.transaction.to,
      valueWei: transactionValue(body.params.transaction.value).toString(),
    }
  if (body.method === 'eth_signTypedData_v4') {
    const chainId = body.params.typed_data.domain.chainId
    const valid =
      (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0) ||
      (typeof chainId === 'string' && /^[1-9][0-9]{0,15}$/.test(chainId))
    return { caip2: valid ? `eip155:${chainId}` : null, toAddress: null, valueWei: null }
  }
  return { caip2: null, toAddress: null, valueWei: null }
}

/** What the policy engine reads of a wallet-API request. */
export function policyRequest(body: WalletRpcRequest, nowSeconds: number): PolicyRequest {
  switch (body.method) {
    case 'personal_sign':
      return { method: 'personal_sign', chainType: 'ethereum', nowSeconds }
    case 'eth_signTypedData_v4': {
      const domain = body.params.typed_data.domain
      return {
        method: 'eth_signTypedData_v4',
        chainType: 'ethereum',
        nowSeconds,
        typedDataDomain: {
          chainId:
            typeof domain.chainId === 'number' || typeof domain.chainId === 'bigint'
              ? domain.chainId
              : undefined,
          verifyingContract:
            typeof domain.verifyingContract === 'string' ? domain.verifyingContract : undefined,
        },
      }
    }
    case 'eth_sendTransaction': {
      const transaction = body.params.transaction
      return {
        method: 'eth_sendTransaction',
        chainType: 'ethereum',
        nowSeconds,
        ethereumTransaction: {
          to: transaction.to,
          value: transactionValue(transaction.value),
          chainId: Number(body.caip2.slice('eip155:'.length)),
          data: transaction.data as Hex | undefined,
        },
      }
    }
  }
}

export function transactionValue(value: string | number | undefined): bigint {
  if (value === undefined) return 0n
  return typeof value === 'number' ? BigInt(value) : hexToBigInt(value as Hex)
}
