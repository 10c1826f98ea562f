import type { FoyerChain } from '@foyer/core'
import {
  type DecodedAction,
  formatUnits,
  isUnlimitedAmount,
  type TransactionPreview,
} from '@foyer/core/wallet'
import type { Formatters } from '../../../i18n/createFormatters'
import type { Messages } from '../../../i18n/Messages'
import type { DetailRow } from '../../../ui/DetailRows'
import { formatNative } from './formatNative'

/** The rows the decoded call puts on the confirmation: the summary's To, Amount and Spender, and Details'. */
export type DecodedRows = {
  /** The summary's To: a transfer's recipient, else the called contract. */
  to: string | undefined
  /** The summary's Amount: token units ('5 USDC', 'Maximum') for ERC-20 calls, else the native value. */
  amount: string
  /** The summary's Spender (approvals), when there is one. */
  spender: string | undefined
  /** The summary's Token: the called token's or collection's symbol, when it answered `symbol()`. */
  token: string | undefined
  /** Details' rows: operator, approval flag, token ids, amounts, transferring from/to, arguments. */
  details: DetailRow[]
  /** `setApprovalForAll(…, true)`: the screen calls it out. */
  approvesCollection: boolean
}

/** An amount of a token in its units with its symbol ('1.5 USDC'), or 'Maximum' for an unlimited one. */
function tokenAmount(
  amount: bigint,
  preview: TransactionPreview,
  format: Formatters,
  m: Messages['transaction'],
  allowance: boolean,
): string {
  if (allowance && isUnlimitedAmount(amount)) return m.maximum
  const decimals = preview.token?.decimals ?? 0
  const symbol = preview.token?.symbol
  const text = format.decimal(formatUnits(amount, decimals, decimals))
  return symbol ? `${text} ${symbol}` : text
}

/** Arguments as text: bigints in decimal, arrays in brackets, the rest as JSON. */
function argumentsText(args: readonly unknown[]): string {
  return JSON.stringify(args, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))
}

/**
 * What the confirmation shows of a decoded call (docs/confirmation-screen.md "What is shown"). Without a
 * decoded call: To is the request's `to`, Amount the native value, no Spender or extra details.
 */
export function decodedRows(
  request: { to?: string | undefined; value?: string | undefined },
  preview: TransactionPreview | undefined,
  chain: FoyerChain,
  format: Formatters,
  m: Messages['transaction'],
): DecodedRows {
  const native = formatNative(request.value ? BigInt(request.value) : 0n, chain, format)
  const action: DecodedAction | undefined = preview?.action
  if (!preview || !action) {
    return {
      to: request.to,
      amount: native,
      spender: undefined,
      token: undefined,
      details: [],
      approvesCollection: false,
    }
  }
  const ids = (values: readonly bigint[] | undefined) => values?.map((id) => format.number(id)).join(', ')
  const erc20Amount =
    action.isErc20Ish && action.amount !== undefined
      ? tokenAmount(action.amount, preview, format, m, action.action === 'approve')
      : undefined
  const details: DetailRow[] = [
    [m.operator, action.operator, 'address'],
    [
      m.approvalFlag,
      action.approved === undefined ? undefined : action.approved ? m.approvalGranted : m.approvalRevoked,
    ],
    [m.transferringFrom, action.transferFrom, 'address'],
    [m.transferringTo, action.transferTo, 'address'],
    [m.tokenId, action.tokenId === undefined ? undefined : format.number(action.tokenId)],
    [m.tokenIds, ids(action.tokenIds)],
    [m.amounts, ids(action.amounts)],
    [m.amount, action.isNFTIsh && action.amount !== undefined ? format.number(action.amount) : undefined],
    [m.arguments, action.action === 'transaction' ? argumentsText(action.args) : undefined, true],
  ]
  return {
    to: action.isErc20Ish && action.action === 'transfer' ? action.transferTo : request.to,
    amount: erc20Amount ?? native,
    spender: action.spender,
    token: preview.token?.symbol,
    details,
    approvesCollection: action.functionName === 'setApprovalForAll' && action.approved === true,
  }
}

/** What the summary reads of a prepared transaction or user operation; absent while it is being prepared. */
export type SummaryPreview = {
  /** A paymaster pays the fee. */
  sponsored?: boolean | undefined
  /** The fee, total and balance in wei. */
  fee: bigint
  total: bigint
  balance: bigint
}

/** The estimated fee as shown: 'Sponsored' when a paymaster pays, else the fee in the native currency. */
export function estimatedFee(
  preview: SummaryPreview,
  chain: FoyerChain,
  format: Formatters,
  m: Messages['transaction'],
): string {
  return preview.sponsored ? m.sponsored : formatNative(preview.fee, chain, format)
}

/**
 * The Ethereum confirmation's summary card (docs/confirmation-screen.md "What is shown"): To, Amount, Token,
 * Spender, Network, Estimated fee ('Sponsored' when a paymaster pays), Total and Balance; '…' while the
 * preview is not there yet.
 */
export function summaryRows(
  decoded: DecodedRows,
  preview: SummaryPreview | undefined,
  chain: FoyerChain,
  format: Formatters,
  m: Messages['transaction'],
): DetailRow[] {
  const native = (value: bigint | undefined) =>
    value === undefined ? '…' : formatNative(value, chain, format)
  return [
    [m.to, decoded.to, 'address'],
    [m.amount, decoded.amount],
    [m.token, decoded.token],
    [m.spender, decoded.spender, 'address'],
    [m.network, chain.name],
    [m.estimatedFee, preview ? estimatedFee(preview, chain, format, m) : '…'],
    [m.total, native(preview?.total)],
    [m.balance, native(preview?.balance)],
  ]
}
