import type {
  SendSolanaTransactionPrompt,
  SendTransactionPrompt,
  TransactionReceiptSummary,
} from '@foyer/core/wallet'

/** Params of the transaction success screen. */
export type TransactionSuccessParams =
  | { chainType: 'ethereum'; prompt: SendTransactionPrompt; receipt: TransactionReceiptSummary }
  | { chainType: 'solana'; prompt: SendSolanaTransactionPrompt; signature: string }
