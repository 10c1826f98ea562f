import {
  type DelegatedShareBinding,
  delegatedShareAad,
  type EncryptedShare,
  type WalletRpcRequest,
  walletPolicySchema,
} from '@foyer/protocol'
import type { Hex, LocalAccount } from 'viem'
import { evaluatePolicy } from '../evaluatePolicy'
import { policyRequest, transactionValue } from '../walletRequest'
import { openFromFrame, signerPublicKeyOf } from './hpke'
import { withDelegatedAccount } from './withDelegatedAccount'

/** What the signer needs to rebuild a delegated entropy: the frame's ciphertext, its binding, the auth share. */
export type SignerShareInput = {
  /** What the frame bound the ciphertext to (the stored delegation's terms). */
  binding: DelegatedShareBinding
  /** The device share as the frame encrypted it to the signer's public key. */
  encryptedShare: EncryptedShare
  /** The server's auth share of the entropy, base64. */
  authShare: string
}

/** The fee and nonce fields the server read from the chain for a send (decimal strings, wei and gas units). */
export type PreparedTransaction = {
  nonce: number
  gas: string
  maxFeePerGas: string
  maxPriorityFeePerGas: string
}

/** A sign request: the wallet (HD index and address), the wallet-API body, a send's prepared fields. */
export type SignInput = SignerShareInput & {
  walletIndex: number
  address: string
  request: WalletRpcRequest
  prepared?: PreparedTransaction | undefined
}

/**
 * The signer's answer: `signed` with a hex signature (for a send, the signed serialized transaction), or
 * `refused` — `delegated_share_mismatch` (the ciphertext does not open with this binding or the shares do
 * not rebuild the wallet), `policy_violation` (the bound policy denies, with its reason), `invalid_request`.
 */
export type SignResult =
  | { status: 'signed'; signature: Hex }
  | {
      status: 'refused'
      code: 'delegated_share_mismatch' | 'policy_violation' | 'invalid_request'
      reason: string
    }

/** The signer component (docs/delegated-actions.md#signer). */
export type Signer = {
  /** Its HPKE public key, base64 of the 65-byte uncompressed P-256 point. */
  publicKey: string
  /** True when the ciphertext opens with this binding and, with the auth share, rebuilds every wallet. */
  verifyDelegation(
    input: SignerShareInput & { wallets: { walletIndex: number; address: string }[] },
  ): Promise<boolean>
  /** Decides the request against the bound policy, then rebuilds the key, signs and wipes it. */
  sign(input: SignInput): Promise<SignResult>
}

const refused = (code: Extract<SignResult, { status: 'refused' }>['code'], reason: string): SignResult => ({
  status: 'refused',
  code,
  reason,
})

/**
 * The signer component over its HPKE private key (32 bytes; copied, never exported): it alone opens the
 * device shares the frame encrypted to it, re-checks each request against the policy the ciphertext is bound
 * to, rebuilds a key only for an allowed request, and wipes the share, entropy, seed and key bytes when the
 * signature is made (docs/delegated-actions.md#signer). `now` (ms) is the clock of the policy's time
 * conditions.
 */
export function createSigner(options: { privateKey: Uint8Array; now?: () => number }): Signer {
  const privateKey = Uint8Array.from(options.privateKey)
  const now = options.now ?? Date.now
  const publicKey = Buffer.from(signerPublicKeyOf(privateKey)).toString('base64')

  /** Opens the device share and runs `use` on the rebuilt account; null when it does not open or rebuild. */
  async function withAccount<T>(
    input: SignerShareInput,
    wallet: { walletIndex: number; address: string },
    use: (account: LocalAccount) => Promise<T>,
  ): Promise<{ result: T } | null> {
    const deviceShare = await openFromFrame(
      privateKey,
      input.encryptedShare,
      delegatedShareAad(input.binding),
    )
    if (!deviceShare) return null
    const authShare = Buffer.from(input.authShare, 'base64')
    try {
      return await withDelegatedAccount(
        { shares: [authShare, deviceShare], entropyId: input.binding.entropyId, ...wallet },
        use,
      )
    } finally {
      deviceShare.fill(0)
      authShare.fill(0)
    }
  }

  return {
    publicKey,
    async verifyDelegation(input) {
      for (const wallet of input.wallets)
        if (!(await withAccount(input, wallet, async () => true))) return false
      return input.wallets.length > 0
    },
    async sign(input) {
      const policy = walletPolicySchema.safeParse(input.binding.policy)
      if (!policy.success) return refused('policy_violation', 'The delegation’s policy cannot be read.')
      const decision = evaluatePolicy(policy.data, policyRequest(input.request, Math.floor(now() / 1000)))
      if (decision.decision === 'DENY') return refused('policy_violation', decision.reason)
      const body = input.request
      if (body.method === 'eth_sendTransaction' && !input.prepared)
        return refused('invalid_request', 'A send needs its nonce, gas and fees')
      const signed = await withAccount(
        input,
        { walletIndex: input.walletIndex, address: input.address },
        async (account): Promise<Hex> => {
          if (body.method === 'personal_sign')
            return account.signMessage({
              message:
                body.params.encoding === 'hex' ? { raw: body.params.message as Hex } : body.params.message,
            })
          if (body.method === 'eth_signTypedData_v4') {
            const typed = body.params.typed_data
            return account.signTypedData({
              domain: typed.domain,
              types: typed.types,
              primaryType: typed.primary_type,
              message: typed.message,
            } as Parameters<typeof account.signTypedData>[0])
          }
          const prepared = input.prepared!
          const transaction = body.params.transaction
          return account.signTransaction({
            type: 'eip1559',
            chainId: Number(body.caip2.slice('eip155:'.length)),
            to: transaction.to as Hex,
            value: transactionValue(transaction.value),
            ...(transaction.data ? { data: transaction.data as Hex } : {}),
            nonce: prepared.nonce,
            gas: BigInt(prepared.gas),
            maxFeePerGas: BigInt(prepared.maxFeePerGas),
            maxPriorityFeePerGas: BigInt(prepared.maxPriorityFeePerGas),
          })
        },
      )
      if (!signed)
        return refused('delegated_share_mismatch', 'The delegated share does not rebuild this wallet')
      return { status: 'signed', signature: signed.result }
    },
  }
}
