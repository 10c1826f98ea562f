import {
  type DelegatedShareBinding,
  delegatedShareAad,
  type EncryptedShare,
  type WalletRpcRequest,
  walletPolicySchema,
} from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { type Address, getTransactionEncoder, type SignatureBytes } from '@solana/kit'
import type { Hex, LocalAccount } from 'viem'
import { evaluatePolicy } from '../evaluatePolicy'
import { decodeSolanaTransaction } from '../solanaTransaction'
import { policyRequest, transactionValue } from '../walletRequest'
import { openFromFrame, signerPublicKeyOf } from './hpke'
import { type SolanaKey, withDelegatedAccount, withDelegatedSolanaKey } from './withDelegatedAccount'

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
 * The signer's answer: `signed` with a signature — Ethereum: hex (for a send, the signed serialized
 * transaction); Solana: base64 (a message's signature, or the signed transaction in wire format) — or
 * `refused` — `delegated_share_mismatch` (the ciphertext does not open with this binding or the shares do
 * not rebuild the wallet), `policy_violation` (the bound policy denies, with its reason), `invalid_request`.
 */
export type SignResult =
  | { status: 'signed'; signature: string }
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

/** How each chain type's key signs a request; null for a method of the other chain type. */
type Signers = {
  ethereum: (account: LocalAccount) => Promise<string | null>
  solana: (key: SolanaKey) => Promise<string | null>
}

/** The Ethereum and Solana signatures of a request (its transaction already checked to decode). */
function signersOf(input: SignInput): Signers {
  const body = input.request
  return {
    ethereum: async (account) => {
      if (body.method === 'personal_sign')
        return account.signMessage({
          message: body.params.encoding === 'hex' ? { raw: body.params.message as Hex } : body.params.message,
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
      if (body.method !== 'eth_sendTransaction' || !input.prepared) return null
      const { prepared } = input
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
    solana: async (key) => {
      if (body.method === 'signMessage')
        return Buffer.from(ed25519.sign(Buffer.from(body.params.message, 'base64'), key.secretKey)).toString(
          'base64',
        )
      if (body.method !== 'signTransaction' && body.method !== 'signAndSendTransaction') return null
      const { transaction } = decodeSolanaTransaction(body.params.transaction)!
      const signature = ed25519.sign(transaction.messageBytes as unknown as Uint8Array, key.secretKey)
      const signed = getTransactionEncoder().encode({
        ...transaction,
        signatures: { ...transaction.signatures, [key.address as Address]: signature as SignatureBytes },
      })
      return Buffer.from(signed as Uint8Array).toString('base64')
    },
  }
}

/**
 * The signer component over its HPKE private key (32 bytes; copied, never exported): it alone opens the
 * device shares the frame encrypted to it, re-checks each request against the policy the ciphertext is bound
 * to, rebuilds a key only for an allowed request, and wipes the share, entropy, seed and key bytes when the
 * signature is made (docs/delegated-actions.md#signer). Ethereum keys sign with viem, Solana keys (ed25519)
 * with `@noble/curves`. `now` (ms) is the clock of the policy's time conditions.
 */
export function createSigner(options: { privateKey: Uint8Array; now?: () => number }): Signer {
  const privateKey = Uint8Array.from(options.privateKey)
  const now = options.now ?? Date.now
  const publicKey = Buffer.from(signerPublicKeyOf(privateKey)).toString('base64')

  /**
   * Opens the device share and runs the binding's chain type's signer on the rebuilt key; null when the share
   * does not open or rebuild the wallet.
   */
  async function withKey<T>(
    input: SignerShareInput,
    wallet: { walletIndex: number; address: string },
    use: { ethereum: (account: LocalAccount) => Promise<T>; solana: (key: SolanaKey) => Promise<T> },
  ): Promise<{ result: T } | null> {
    const deviceShare = await openFromFrame(
      privateKey,
      input.encryptedShare,
      delegatedShareAad(input.binding),
    )
    if (!deviceShare) return null
    const authShare = Buffer.from(input.authShare, 'base64')
    const parameters = { shares: [authShare, deviceShare], entropyId: input.binding.entropyId, ...wallet }
    try {
      return input.binding.chainType === 'solana'
        ? await withDelegatedSolanaKey(parameters, use.solana)
        : await withDelegatedAccount(parameters, use.ethereum)
    } finally {
      deviceShare.fill(0)
      authShare.fill(0)
    }
  }

  return {
    publicKey,
    async verifyDelegation(input) {
      const yes = async () => true
      for (const wallet of input.wallets)
        if (!(await withKey(input, wallet, { ethereum: yes, solana: yes }))) return false
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
      if (body.method === 'signTransaction' || body.method === 'signAndSendTransaction') {
        const decoded = decodeSolanaTransaction(body.params.transaction)
        if (!decoded) return refused('invalid_request', 'The transaction cannot be decoded')
        if (!(input.address in decoded.transaction.signatures))
          return refused('invalid_request', `The transaction needs no signature of ${input.address}`)
      }
      const signed = await withKey(
        input,
        { walletIndex: input.walletIndex, address: input.address },
        signersOf(input),
      )
      if (!signed)
        return refused('delegated_share_mismatch', 'The delegated share does not rebuild this wallet')
      if (signed.result === null)
        return refused(
          'invalid_request',
          `${body.method} is not a method of ${input.binding.chainType} wallets`,
        )
      return { status: 'signed', signature: signed.result }
    },
  }
}
