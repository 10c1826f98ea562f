import { BridgeError } from './BridgeError'
import type { BridgeQuote } from './BridgeQuote'

/** The zero address: the native coin, as the bridge API names it (docs/api.md). */
export const NATIVE_CURRENCY_ADDRESS = '0x0000000000000000000000000000000000000000'
/** The message when the bridge API answers an error without one (docs/api.md). */
export const BRIDGE_QUOTE_ERROR_MESSAGE = 'Error fetching quote from relay'

/** Parameters of {@link fetchBridgeQuote}. */
export type FetchBridgeQuoteParameters = {
  /** The bridge API's base URL (see `bridgeApiUrl`). */
  apiUrl: string
  originChainId: number
  destinationChainId: number
  /** Token address on the origin chain; default the native coin (zero address). */
  originCurrency?: string | undefined
  /** Token address on the destination chain; default the native coin (zero address). */
  destinationCurrency?: string | undefined
  /** What the recipient must receive, in the destination currency's smallest unit (wei, lamports). */
  amount: bigint
  /** The paying (external) wallet's address. */
  user: string
  /** The receiving (embedded) wallet's address. */
  recipient: string
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
  signal?: AbortSignal | undefined
}

/**
 * Asks the bridge API for a quote (Relay's quote call, `POST {apiUrl}/quote`; docs/api.md):
 * tradeType `EXACT_OUTPUT` so that the recipient gets exactly `amount`; the answer's steps hold the
 * transactions the external wallet sends. An answer whose message begins 'Invalid address' means no quote
 * for this pair of addresses: `null`.
 *
 * @returns the quote, or `null` for 'Invalid address…'
 * @throws {BridgeError} `bridge_quote_failed`: any other non-OK answer (its `message`, else 'Error fetching
 *   quote from relay'), a network failure, or an answer without steps.
 * @example
 * const quote = await fetchBridgeQuote({ apiUrl: 'https://api.relay.link', originChainId: 8453,
 *   destinationChainId: 1, amount: 10n ** 16n, user: external.address, recipient: embedded.address })
 * for (const step of quote?.steps ?? []) for (const item of step.items) await send(item.data)
 */
export async function fetchBridgeQuote(parameters: FetchBridgeQuoteParameters): Promise<BridgeQuote | null> {
  const fetchFn = parameters.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await fetchFn(`${parameters.apiUrl.replace(/\/+$/, '')}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: parameters.user,
        recipient: parameters.recipient,
        originChainId: parameters.originChainId,
        destinationChainId: parameters.destinationChainId,
        originCurrency: parameters.originCurrency ?? NATIVE_CURRENCY_ADDRESS,
        destinationCurrency: parameters.destinationCurrency ?? NATIVE_CURRENCY_ADDRESS,
        amount: parameters.amount.toString(),
        tradeType: 'EXACT_OUTPUT',
      }),
      ...(parameters.signal ? { signal: parameters.signal } : {}),
    })
  } catch (error) {
    throw new BridgeError(BRIDGE_QUOTE_ERROR_MESSAGE, { code: 'bridge_quote_failed', cause: error })
  }
  const body = (await response.json().catch(() => undefined)) as
    | { message?: unknown; steps?: unknown }
    | undefined
  if (!response.ok) {
    const message = typeof body?.message === 'string' && body.message ? body.message : undefined
    if (message?.startsWith('Invalid address')) return null
    throw new BridgeError(message ?? BRIDGE_QUOTE_ERROR_MESSAGE, { code: 'bridge_quote_failed' })
  }
  if (!body || !Array.isArray(body.steps))
    throw new BridgeError(BRIDGE_QUOTE_ERROR_MESSAGE, {
      code: 'bridge_quote_failed',
      details: 'The answer has no steps.',
    })
  return body as BridgeQuote
}
