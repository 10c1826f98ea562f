import type { FoyerClient, SendTransactionUiOptions, SignMessageUiOptions } from '@foyer/core'
import type { EthereumTransactionRequest } from '@foyer/core/wallet'
import type { loadWallet } from '../loadWallet'

/** `@foyer/core/wallet`, loaded on first use ({@link loadWallet}). */
export type WalletModule = Awaited<ReturnType<typeof loadWallet>>

/** Options every signing call takes: the screen's texts and the wallet (default the chain's first). */
export type SigningOptions<UiOptions> = {
  /** Texts of the screen that asks first. */
  uiOptions?: UiOptions
  /** The wallet's address; default the first embedded wallet of the chain. */
  address?: string
}

/**
 * A chain's way to do one signing job: its call in `@foyer/core/wallet` on what the job signs, with the
 * common options. The hooks of a job (`useSignMessage`, `useSignSolanaMessage`, …) differ only by adapter.
 */
export type ChainAdapter<Input, Options, Output> = (
  wallet: WalletModule,
  client: FoyerClient,
  input: Input,
  options: Options,
) => Promise<Output>

/** EIP-191 `personal_sign` text or raw bytes. */
export type EthereumMessage = string | { raw: `0x${string}` | Uint8Array }

/** Signing a message, per chain: the Ethereum message (EIP-191), EIP-712 typed data, a Solana message. */
export const messageAdapters = {
  ethereum: ((wallet, client, message, options) =>
    wallet.signMessage(client, {
      message,
      wallet: options.address,
      uiOptions: options.uiOptions,
    })) satisfies ChainAdapter<EthereumMessage, SigningOptions<SignMessageUiOptions>, `0x${string}`>,
  ethereumTypedData: ((wallet, client, typedData, options) =>
    wallet.signTypedData(client, {
      typedData,
      wallet: options.address,
      uiOptions: options.uiOptions,
    })) satisfies ChainAdapter<
    Record<string, unknown> | string,
    SigningOptions<SignMessageUiOptions>,
    `0x${string}`
  >,
  solana: ((wallet, client, message, options) =>
    wallet.signSolanaMessage(client, {
      message,
      wallet: options.address,
      uiOptions: options.uiOptions,
    })) satisfies ChainAdapter<string | Uint8Array, SigningOptions<SignMessageUiOptions>, Uint8Array>,
}

/**
 * Options of an Ethereum transaction: `sponsor: true` has the app's paymaster pay through EIP-7702
 * (docs/gas-sponsorship.md#sending); `sponsored: true` is refused (docs/confirmation-screen.md).
 */
export type EthereumTransactionOptions = SigningOptions<SendTransactionUiOptions> & {
  sponsored?: boolean
  sponsor?: boolean
}

/** Options of a Solana transaction: the cluster's name (default the first configured cluster). */
export type SolanaTransactionOptions = SigningOptions<SendTransactionUiOptions> & { cluster?: string }

/**
 * Sending a transaction, per chain: Ethereum sends a batch in order (one confirmation each, '(n / m)') and
 * answers the hashes; Solana signs and sends one wire transaction, or signs it only.
 */
export const transactionAdapters = {
  ethereum: (async (wallet, client, requests, options) => {
    const hashes: `0x${string}`[] = []
    for (const [index, request] of requests.entries())
      hashes.push(
        await wallet.sendTransaction(client, {
          request,
          wallet: options.address,
          uiOptions: options.uiOptions,
          sponsored: options.sponsored,
          sponsor: options.sponsor,
          step: requests.length > 1 ? { index: index + 1, count: requests.length } : undefined,
        }),
      )
    return hashes
  }) satisfies ChainAdapter<
    readonly EthereumTransactionRequest[],
    EthereumTransactionOptions,
    `0x${string}`[]
  >,
  solana: ((wallet, client, transaction, options) =>
    wallet.sendSolanaTransaction(client, {
      transaction,
      wallet: options.address,
      cluster: options.cluster,
      uiOptions: options.uiOptions,
    })) satisfies ChainAdapter<Uint8Array, SolanaTransactionOptions, string>,
  solanaSignOnly: ((wallet, client, transaction, options) =>
    wallet.signSolanaTransaction(client, {
      transaction,
      wallet: options.address,
      cluster: options.cluster,
      uiOptions: options.uiOptions,
    })) satisfies ChainAdapter<Uint8Array, SolanaTransactionOptions, Uint8Array>,
}
