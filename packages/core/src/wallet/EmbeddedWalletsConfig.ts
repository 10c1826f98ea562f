import type { CreateOnLogin } from '@foyer/protocol'
import type { Abi } from 'viem'

/**
 * Host-side options of the embedded wallets (docs/app-config.md). Values set
 * here take precedence over the app's server configuration (`embedded_wallet_config`).
 *
 * @example
 * const embeddedWallets: EmbeddedWalletsConfig = {
 *   ethereum: { createOnLogin: 'users-without-wallets' },
 *   solana: { createOnLogin: 'users-without-wallets' },
 * }
 */
export type EmbeddedWalletsConfig = {
  /** When to create the Ethereum wallet after sign-in: `'users-without-wallets'`, `'all-users'` or `'off'`. */
  ethereum?: { createOnLogin?: CreateOnLogin | undefined } | undefined
  /**
   * The Solana wallet: `createOnLogin`, when to create it after sign-in; `allowedPrograms`, the programs
   * (base58 ids) whose instructions the wallet may sign besides system transfers and SPL token approvals
   * (docs/solana-transactions.md "Opting in to a program"). Default none: such a transaction is refused
   * ('Unsupported Program ID', code `unsupported_solana_program`).
   */
  solana?:
    | { createOnLogin?: CreateOnLogin | undefined; allowedPrograms?: readonly string[] | undefined }
    | undefined
  /**
   * Show the modal's wallet screens (sign request, transaction confirmation). `false` signs and sends
   * without any prompt. Default `true` (when `@foyer/react` is used).
   */
  showWalletUIs?: boolean | undefined
  /** Sign messages and typed data without showing the sign request screen. Default `false`. */
  noPromptOnSignature?: boolean | undefined
  /**
   * Ask for a password before creating a wallet on login (docs/wire.md `requireUserOwnedRecoveryOnCreate`).
   * Default: the server's `require_user_owned_recovery_on_create`.
   */
  requireUserOwnedRecoveryOnCreate?: boolean | undefined
  /**
   * Puts the hidden wallet frame into the page. Default: appended to `document.body`. The frame is created
   * at size 0 and must stay in the document while the client is used.
   */
  mountFrame?: ((iframe: HTMLIFrameElement) => void) | undefined
  /**
   * Extended calldata decoding: an ABI (viem/abitype JSON form) whose functions the transaction
   * confirmation decodes besides the standard token functions (ERC-20, ERC-721, ERC-1155), showing the
   * function's name and arguments (docs/confirmation-screen.md "What is decoded"). A call matches when its
   * selector is in the ABI and its arguments decode against it. Default: standard token functions only.
   */
  extendedCalldataDecoding?: Abi | undefined
  /**
   * iCloud recovery (docs/recovery-icloud.md): `signInOrigin`, the origin Apple's sign-in page posts the
   * user's web auth token from. Default `https://cdn.apple-cloudkit.com`; tests and the demo point it at the
   * CloudKit stand-in's URL (`startCloudKitStandIn` of `@foyer/server/testing`).
   */
  icloud?: { signInOrigin?: string | undefined } | undefined
  /** Time to wait for one answer of the wallet frame, in ms. Default `WALLET_RPC_TIMEOUT_MS` (60 000). */
  requestTimeoutMs?: number | undefined
}
