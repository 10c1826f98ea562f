import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { ExternalEip1193Provider } from '../ExternalWallet'
import { walletCall } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { walletErrorTexts } from '../errors/walletErrorTexts'
import { WALLET_QUERY_INTERVAL_MS, WALLET_QUERY_MAX_ATTEMPTS } from '../externalWalletLimits'

/** Timing of the retried wallet queries (tests shorten it). @internal */
export type QueryTiming = { attempts?: number | undefined; intervalMs?: number | undefined }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `ask` until `parse` accepts its answer: at most {@link WALLET_QUERY_MAX_ATTEMPTS} (10) tries,
 * {@link WALLET_QUERY_INTERVAL_MS} (500 ms) apart (docs/external-wallets.md "Retries"). A wallet that is
 * still unlocking answers an empty list or throws; the user's refusal (4001) and a disconnected wallet (4900)
 * are not retried.
 *
 * @returns the first accepted answer, parsed
 * @throws {UserRejectedRequestError} the user declined
 * @throws {WalletConnectionError} `failure` after the last try, or a 4900 at once
 * @internal
 */
export async function retryWalletQuery<T>(
  ask: (attempt: number) => Promise<unknown>,
  parse: (answer: unknown) => T | undefined,
  failure: string,
  timing: QueryTiming = {},
): Promise<T> {
  const attempts = timing.attempts ?? WALLET_QUERY_MAX_ATTEMPTS
  const intervalMs = timing.intervalMs ?? WALLET_QUERY_INTERVAL_MS
  let last: unknown
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await sleep(intervalMs)
    try {
      const parsed = parse(await ask(attempt))
      if (parsed !== undefined) return parsed
    } catch (error) {
      if (error instanceof UserRejectedRequestError) throw error
      if (error instanceof WalletConnectionError && error.details === walletErrorTexts.notConnected)
        throw error
      last = error
    }
  }
  throw new WalletConnectionError({ details: failure, cause: last })
}

/** The first account of an `eth_accounts` answer, or undefined. */
export function parseAccount(answer: unknown): `0x${string}` | undefined {
  const first = Array.isArray(answer) ? answer[0] : undefined
  return typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first) ? (first as `0x${string}`) : undefined
}

/** An `eth_chainId` answer (hex, or a number from older wallets) as a positive safe integer, or undefined. */
export function parseChainId(answer: unknown): number | undefined {
  const value =
    typeof answer === 'string' && /^0x[0-9a-fA-F]+$/.test(answer) ? Number.parseInt(answer, 16) : answer
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/**
 * The wallet's chain: `eth_chainId`, retried as {@link retryWalletQuery} says.
 *
 * @throws {WalletConnectionError} 'Unable to determine current chainId.'
 * @internal
 */
export function queryChainId(provider: ExternalEip1193Provider, timing?: QueryTiming): Promise<number> {
  return retryWalletQuery(
    () => walletCall(() => provider.request({ method: 'eth_chainId' }), 'eth_chainId'),
    parseChainId,
    walletErrorTexts.noChainId,
    timing,
  )
}

/**
 * The wallet's account: `eth_requestAccounts` (which may prompt the user) once, then, while the answer has
 * no account, `eth_accounts` (which never prompts), retried as {@link retryWalletQuery} says.
 *
 * @throws {UserRejectedRequestError} the user declined
 * @throws {WalletConnectionError} 'Unable to retrieve accounts'
 * @internal
 */
export function queryAccount(
  provider: ExternalEip1193Provider,
  timing?: QueryTiming,
): Promise<`0x${string}`> {
  return retryWalletQuery(
    (attempt) => {
      const method = attempt === 0 ? 'eth_requestAccounts' : 'eth_accounts'
      return walletCall(() => provider.request({ method }), method)
    },
    parseAccount,
    walletErrorTexts.noAccounts,
    timing,
  )
}
