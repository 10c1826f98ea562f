/**
 * How a wallet screen answers the prompt that opened it (internal): `resolve` with the result, or `reject`
 * (a user rejection by default). Only the first call counts.
 */
export type PromptSettler<Result> = {
  resolve(value: Result): void
  /** Rejects with `error`, or with a `UserRejectedRequestError` (EIP-1193 4001) when none is given. */
  reject(error?: unknown): void
  /** Whether `resolve` or `reject` was called. */
  readonly settled: boolean
}
