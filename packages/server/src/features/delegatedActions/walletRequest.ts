import type { WalletRpcRequest } from '@foyer/protocol'
import { type Hex, hexToBigInt } from 'viem'
import type { PolicyRequest } from './evaluatePolicy'
import { decodeSolanaTransaction, lamportsSentFrom } from './solanaTransaction'

/**
 * What the record keeps of a request's subject: its chain (CAIP-2), a send's recipient and value in the
 * chain's smallest unit (wei; for a Solana transaction, the lamports its System transfers move out of
 * `walletAddress`, and the first such transfer's recipient).
 */
export function recordedSubject(
  body: WalletRpcRequest,
  walletAddress: string,
): {
  caip2: string | null
  toAddress: string | null
  valueWei: string | null
} {
  if (body.method === 'signTransaction' || body.method === 'signAndSendTransaction') {
    const decoded = decodeSolanaTransaction(body.params.transaction)
    const transfer = decoded?.instructions.find((one) => one.systemTransfer?.from === walletAddress)
    return {
      caip2: body.method === 'signAndSendTransaction' ? body.caip2 : null,
      toAddress: transfer?.systemTransfer?.to ?? null,
      valueWei: decoded ? lamportsSentFrom(decoded, walletAddress).toString() : null,
    }
  }
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
    case 'signMessage':
      return { method: 'signMessage', chainType: 'solana', nowSeconds }
    case 'signTransaction':
    case 'signAndSendTransaction':
      return {
        method: body.method,
        chainType: 'solana',
        nowSeconds,
        solanaInstructions: decodeSolanaTransaction(body.params.transaction)?.instructions ?? [],
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

/**
 * The native value a request spends from `walletAddress`, in the chain's smallest unit, which the daily limit
 * counts: an `eth_sendTransaction`'s value (wei); the lamports a Solana transaction's System transfers move
 * out of the wallet (`signTransaction` too: the signed transaction can be sent by the app); else 0.
 */
export function spentValue(body: WalletRpcRequest, walletAddress: string): bigint {
  if (body.method === 'eth_sendTransaction') return transactionValue(body.params.transaction.value)
  if (body.method === 'signTransaction' || body.method === 'signAndSendTransaction') {
    const decoded = decodeSolanaTransaction(body.params.transaction)
    return decoded ? lamportsSentFrom(decoded, walletAddress) : 0n
  }
  return 0n
}
