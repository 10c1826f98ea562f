import type { AccountTransferData, OAuthTransferUserInfo } from '@foyer/protocol'
import { ApiError } from '../errors/ApiError'
import { type TelegramProof, telegramProofBody } from '../telegram/TelegramProof'
import type { AccountTransfer, AccountTransferLinkMethod } from './AccountTransfer'

/** What the failed link knew, for {@link toAccountTransfer}. */
export type AccountTransferContext = {
  /** How the account was being linked (`email`, `sms`, `siwe`, `siws`, `farcaster`, `telegram`, a provider id…). */
  linkMethod: AccountTransferLinkMethod
  /** Email and SMS: the address or number the user typed (the transfer names it again). */
  account?: string | undefined
  /** Wallets: the wallet's metadata, sent with the transfer. */
  wallet?:
    | { walletClientType: string | null; connectorType: string | null; chainId?: string | null }
    | undefined
  /** Telegram: the signed object the link sent. */
  telegram?: TelegramProof | undefined
}

/**
 * The account transfer a failed link offers (docs/wire.md "Account transfer data", docs/errors.md: "Account
 * transfer required (with a nonce) goes to the link conflict screen"; docs/wire.md#account-transfer), or null
 * when `error` is not a 400 `account_transfer_required` answer with `data.nonce`. `account` is the typed
 * address or number for email and SMS, the wallet address for wallets, else the server's `subject` (fid,
 * Telegram id, provider subject).
 *
 * @example
 * try { await linkEmail(client, { email, code }) } catch (error) {
 *   const transfer = toAccountTransfer(error, { linkMethod: 'email', account: email })
 *   if (transfer) showTransferPrompt(transfer)
 * }
 */
export function toAccountTransfer(error: unknown, context: AccountTransferContext): AccountTransfer | null {
  if (!(error instanceof ApiError) || error.code !== 'account_transfer_required') return null
  const data = transferDataOf(error.data)
  if (!data) return null
  const { linkMethod } = context
  const isWallet = linkMethod === 'siwe' || linkMethod === 'siws'
  const account =
    (linkMethod === 'email' || linkMethod === 'sms') && context.account
      ? context.account
      : isWallet
        ? (data.account.displayName ?? data.subject)
        : data.subject
  const echo: AccountTransfer['echo'] = {}
  if (isWallet)
    echo.wallet = {
      walletClientType: context.wallet?.walletClientType ?? null,
      connectorType: context.wallet?.connectorType ?? null,
      chainId: context.wallet?.chainId ?? null,
    }
  if (data.otherUser.oAuthUserInfo) echo.oAuthUserInfo = data.otherUser.oAuthUserInfo
  if (data.otherUser.farcasterEmbeddedAddress !== undefined)
    echo.farcasterEmbeddedAddress = data.otherUser.farcasterEmbeddedAddress
  if (context.telegram) echo.telegram = telegramProofBody(context.telegram)
  return {
    nonce: data.nonce,
    account,
    displayName: data.account.displayName,
    linkMethod,
    embeddedWalletAddress: data.otherUser.embeddedWalletAddress,
    echo,
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * The transfer data of an `account_transfer_required` body (docs/wire.md#account-transfer), read field by
 * field (no schema library in the core bundle); null without a nonce — the client acts only if `data.nonce`
 * is present.
 */
function transferDataOf(value: unknown): AccountTransferData | null {
  if (!isObject(value) || typeof value.nonce !== 'string' || value.nonce === '') return null
  const account = isObject(value.account) ? value.account : {}
  const otherUser = isObject(value.otherUser) ? value.otherUser : {}
  const userInfo = otherUser.oAuthUserInfo
  return {
    nonce: value.nonce,
    subject: textOrNull(value.subject) ?? '',
    account: { displayName: textOrNull(account.displayName) },
    otherUser: {
      embeddedWalletAddress: textOrNull(otherUser.embeddedWalletAddress),
      ...(typeof otherUser.farcasterEmbeddedAddress === 'string'
        ? { farcasterEmbeddedAddress: otherUser.farcasterEmbeddedAddress }
        : {}),
      ...(isObject(userInfo) && typeof userInfo.subject === 'string'
        ? { oAuthUserInfo: userInfo as OAuthTransferUserInfo }
        : {}),
    },
  }
}
