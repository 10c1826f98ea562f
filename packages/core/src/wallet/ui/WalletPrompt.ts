import type { FoyerChain } from '../../chains/FoyerChain'
import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { OAuthPopupRef } from '../../oauth/oauthWindow'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import type { SolanaTransactionSummary } from '../solana/SolanaTransactionSummary'
import type { RpcTransactionRequest } from '../transactions/EthereumTransactionRequest'
import type { TransactionPreview } from '../transactions/TransactionPreview'
import type { TransactionReceiptSummary } from '../transactions/TransactionReceiptSummary'

/** Texts of the sign request screen (docs/wire.md "Sign-message options"). */
export type SignMessageUiOptions = {
  /** Default 'Sign message'. */
  title?: string | undefined
  description?: string | undefined
  /** Default 'Approve'. */
  buttonText?: string | undefined
  /**
   * An image shown above the title (64 × 64 px): an absolute `http:`/`https:` URL or a `data:image/…` URL;
   * anything else is not shown. Default none.
   */
  iconUrl?: string | undefined
}

/** Texts of the send-transaction screens (docs/wire.md "Send-transaction UI options"). */
export type SendTransactionUiOptions = {
  /** Title of the confirmation screen; default 'Review transaction'. */
  title?: string | undefined
  description?: string | undefined
  /** Primary button; default 'Approve' ('Continue' when more transactions follow). */
  buttonText?: string | undefined
  /** Success screen heading; default 'Transaction complete!'. */
  successHeader?: string | undefined
  /** Success screen text; default "You're all set.". */
  successDescription?: string | undefined
  /**
   * Optional `{ title, action, contractInfo }`: `action` replaces the decoded function's name in the
   * details; `contractInfo.imgUrl` (with `imgAltText`) is shown above the summary (docs/confirmation-screen.md).
   */
  transactionInfo?:
    | {
        title?: string | undefined
        action?: string | undefined
        contractInfo?: { imgUrl?: string | undefined; imgAltText?: string | undefined } | undefined
      }
    | undefined
}

/** Ask to approve a message signature; `sign()` makes it and resolves with the signature. */
export type SignMessagePrompt = {
  kind: 'signMessage'
  wallet: EmbeddedWalletInfo
  /** `'personal_sign'` (Ethereum) or `'solana_signMessage'`. */
  method: 'personal_sign' | 'solana_signMessage'
  /** The message as shown: UTF-8 text, or hex when it is not text. */
  message: string
  uiOptions?: SignMessageUiOptions | undefined
  sign(): Promise<string>
}

/** Ask to approve EIP-712 typed data (`eth_signTypedData_v4`). */
export type SignTypedDataPrompt = {
  kind: 'signTypedData'
  wallet: EmbeddedWalletInfo
  /** The parsed typed data: `{ domain, types, primaryType, message }`. */
  typedData: { domain?: unknown; types?: unknown; primaryType?: unknown; message?: unknown }
  uiOptions?: SignMessageUiOptions | undefined
  sign(): Promise<string>
}

/** Ask to approve and send an Ethereum transaction (docs/modal.md "Send transaction confirmation"). */
export type SendTransactionPrompt = {
  kind: 'sendTransaction'
  wallet: EmbeddedWalletInfo
  chain: FoyerChain
  request: RpcTransactionRequest
  uiOptions?: SendTransactionUiOptions | undefined
  /** Position in a batch, for '(n / m)' and 'Continue'; absent for a single transaction. */
  step?: { index: number; count: number } | undefined
  /** Balance, gas estimate, fee and total (docs/modal.md). */
  preview(): Promise<TransactionPreview>
  /** Signs and submits; `resetNonce` drops the nonce (a retry after a hash was obtained; docs/modal.md). */
  send(options: { resetNonce: boolean }): Promise<`0x${string}`>
  /** Waits for the receipt of `hash`. */
  waitForReceipt(hash: `0x${string}`): Promise<TransactionReceiptSummary>
}

/**
 * What the user-operation confirmation shows (docs/smart-wallets.md#the-confirmation-screen): amounts in wei,
 * gas in gas units.
 */
export type UserOperationPreview = {
  /**
   * The prepared operation carries a paymaster's data that the paymaster signed (`pm_getPaymasterData`
   * answered): the fee shows as 'Sponsored' and is not counted.
   */
  sponsored: boolean
  /** Why the paymaster did not sponsor (unreachable, refused), when the network has one and it did not. */
  paymasterError?: string | undefined
  /** All gas limits of the operation summed (call, verification, pre-verification, the paymaster's). */
  gas: bigint
  /** The operation's `maxFeePerGas`, in wei. */
  feePerGas: bigint
  /** What the smart wallet pays at most: gas × fee per gas, in wei; 0 when sponsored. */
  fee: bigint
  /** The calls' values summed, in wei. */
  value: bigint
  /** value + fee, in wei. */
  total: bigint
  /** The smart wallet's balance, in wei. */
  balance: bigint
  /** balance < total. */
  insufficientFunds: boolean
  /** Each call as the transaction confirmation shows it (decoded action, token), in order. */
  calls: TransactionPreview[]
}

/** A sent user operation: its hash, and the hash of the transaction that included it. */
export type UserOperationResult = {
  /** The ERC-4337 user-operation hash. */
  userOperationHash: `0x${string}`
  /** The bundle transaction that included it. */
  transactionHash: `0x${string}`
  /** Whether the operation's calls succeeded (the EntryPoint's `UserOperationEvent.success`). */
  success: boolean
}

/**
 * Ask to approve and send a smart wallet's user operation (ERC-4337): one call or a batch, paid by the
 * smart wallet or sponsored by the network's paymaster (docs/smart-wallets.md#the-confirmation-screen).
 */
export type SendUserOperationPrompt = {
  kind: 'sendUserOperation'
  /** The embedded wallet that owns the smart wallet and signs the operation. */
  wallet: EmbeddedWalletInfo
  /** The smart wallet sending. */
  smartWallet: { address: `0x${string}`; type: string }
  chain: FoyerChain
  /** The calls, in order (a batch when more than one). */
  calls: RpcTransactionRequest[]
  uiOptions?: SendTransactionUiOptions | undefined
  /** Prepares the operation (gas, paymaster) and decodes the calls; the same operation is what `send` signs. */
  preview(): Promise<UserOperationPreview>
  /** Signs the prepared operation with the owner (no second screen), sends it, waits for its receipt. */
  send(): Promise<UserOperationResult>
}

/** Ask to approve a Solana transaction: sign and send it, or only sign it. */
export type SendSolanaTransactionPrompt = {
  kind: 'sendSolanaTransaction'
  wallet: EmbeddedWalletInfo
  /** `'signAndSend'` submits through `cluster`; `'sign'` only signs. */
  mode: 'signAndSend' | 'sign'
  cluster: SolanaCluster
  summary: SolanaTransactionSummary
  uiOptions?: SendTransactionUiOptions | undefined
  /** The wallet's balance, in lamports. */
  balance(): Promise<bigint>
  /** Signs (and sends); resolves with the base58 signature, or the base64 signed transaction for `'sign'`. */
  execute(): Promise<string>
}

/**
 * 'Enter your password': rebuild a `user-passcode` wallet on a new device (docs/modal.md, docs/errors.md).
 */
export type RecoverWithPasswordPrompt = {
  kind: 'recoverWithPassword'
  wallet: EmbeddedWalletInfo
  /**
   * Whether the user may close the screen: true when it serves a request the user can decline (closing
   * rejects it), false when the wallet is unlocked automatically (docs/modal.md "Recovery screens").
   */
  closable: boolean
  /** Rejects with code `'invalid_recovery_pin'` on a wrong password. */
  recover(password: string): Promise<void>
}

/**
 * The recovery OAuth screen: rebuild a `google-drive` or `icloud` wallet on a new device with the recovery
 * secret in the user's Google Drive (docs/recovery-oauth.md) or iCloud (docs/recovery-icloud.md). The
 * screen opens the popup in its click handler (`openOAuthPopup`) and hands it to `recover`.
 */
export type RecoverWithOAuthPrompt = {
  kind: 'recoverWithOAuth'
  wallet: EmbeddedWalletInfo
  /** Whether the user may close the screen, as for `RecoverWithPasswordPrompt`. */
  closable: boolean
  /** The recovery provider: `'google-drive'` or `'icloud'`. */
  provider: 'google-drive' | 'icloud'
  /**
   * Runs the recovery OAuth round trip (Google) or the Apple ID sign-in (iCloud) in `popup`, then recovers
   * the wallet with the token. Rejects with `'OAUTH_USER_DENIED'` when the user cancels at Google,
   * `'oauth_popup_closed'` when the popup closes.
   */
  recover(options: { popup: OAuthPopupRef | null }): Promise<void>
}

/**
 * 'Connecting your wallet' (docs/modal.md "Wallet connecting"): shown when unlocking a wallet on this page
 * takes longer than `CONNECTING_SCREEN_DELAY_MS` (an automatic recovery on a new device, a slow network).
 * The screen waits on `connect()`; a verification or a recovery screen the unlock needs opens in front of
 * it, and the request's own screen replaces it once the wallet is unlocked.
 */
export type ConnectWalletPrompt = {
  kind: 'connectWallet'
  wallet: EmbeddedWalletInfo
  /** Whether the user may close the screen, as for `RecoverWithPasswordPrompt`. */
  closable: boolean
  /**
   * The unlock: the one under way (or done), each time the screen asks; after one has failed, a new one
   * ('Try again'). Rejects like `connectWallet`.
   */
  connect(): Promise<void>
}

/** The password flow: set, confirm, save, acknowledge, then `submit(password)` (docs/modal.md). */
export type SetPasswordPrompt = {
  kind: 'setPassword'
  /** `'create'`: the first password ('Set your password'); `'update'`: replacing one ('Reset your password'). */
  reason: 'create' | 'update'
  /** Whether the user may close the flow (only when they started it; docs/modal.md). */
  closable: boolean
  submit(password: string): Promise<void>
}

/**
 * Choose how a new wallet is secured before it is made, when the app requires a user-owned recovery method on
 * create and offers more than a password (docs/modal.md "Wallet creation"). Not closable: the user did not
 * start it. Each `create…` makes the wallet and resolves once it is on the chosen method.
 */
export type SecureNewWalletPrompt = {
  kind: 'secureNewWallet'
  /** The user-owned methods offered, in the app's order (`user-passcode`, `google-drive`, `icloud`). */
  methods: readonly ('user-passcode' | 'google-drive' | 'icloud')[]
  /** Creates the wallet protected with `password`. */
  createWithPassword(password: string): Promise<void>
  /**
   * Runs the recovery OAuth round trip in `popup` (opened in the click handler), then creates the wallet on
   * Google Drive. Rejects with `'OAUTH_USER_DENIED'` when the user cancels at Google (no wallet is made).
   */
  createWithGoogleDrive(options: { popup: OAuthPopupRef | null }): Promise<void>
  /**
   * Runs the Apple ID sign-in in `popup` (opened in the click handler), then creates the wallet on iCloud
   * with the CloudKit web auth token (docs/recovery-icloud.md). Rejects like `createWithGoogleDrive`.
   */
  createWithIcloud(options: { popup: OAuthPopupRef | null }): Promise<void>
}

/** Everything the wallet may ask the user (the modal renders one screen flow per kind). */
export type WalletPrompt =
  | SignMessagePrompt
  | SignTypedDataPrompt
  | SendTransactionPrompt
  | SendUserOperationPrompt
  | SendSolanaTransactionPrompt
  | ConnectWalletPrompt
  | RecoverWithPasswordPrompt
  | RecoverWithOAuthPrompt
  | SetPasswordPrompt
  | SecureNewWalletPrompt

/** What each prompt resolves with: a signature, a hash or signature, or nothing. */
export type WalletPromptResult<Prompt extends WalletPrompt> = Prompt extends
  | SignMessagePrompt
  | SignTypedDataPrompt
  | SendSolanaTransactionPrompt
  ? string
  : Prompt extends SendTransactionPrompt
    ? `0x${string}`
    : Prompt extends SendUserOperationPrompt
      ? UserOperationResult
      : undefined

/**
 * The user interface the wallet asks for approvals and passwords. `@foyer/react` registers one (the modal)
 * with `client._internal.wallet.ui`; without one, signatures and transactions proceed without a prompt and
 * password recovery fails with `wallet_not_on_device`.
 */
export type WalletUi = {
  /**
   * Shows the prompt's screens and resolves with its result; rejects with `UserRejectedRequestError`
   * (EIP-1193 4001) when the user declines or closes the modal.
   */
  prompt<Prompt extends WalletPrompt>(prompt: Prompt): Promise<WalletPromptResult<Prompt>>
  /**
   * Whether a prompt's screens are open and not yet answered: a slow unlock shows 'Connecting your wallet'
   * only when this says `false` (a UI without it never gets that prompt).
   */
  busy?(): boolean
}
