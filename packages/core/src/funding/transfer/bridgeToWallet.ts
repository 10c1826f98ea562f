import type { FoyerChain } from '../../chains/FoyerChain'
import type { ExternalEip1193Provider } from '../../externalWallets/ExternalWallet'
import type { FundingRequest } from '../FundingRequest'
import { assertBridgingSupported } from './assertBridgingSupported'
import { BridgeError } from './BridgeError'
import type { BridgeQuote } from './BridgeQuote'
import { bridgeApiUrl } from './bridgeApiUrl'
import { fetchBridgeQuote } from './fetchBridgeQuote'
import { fundingAmountUnits } from './fundingAmountUnits'
import { type FundingTokenAddresses, fundingCurrency } from './fundingCurrency'
import { readEvmBalance } from './readEvmBalance'
import { type ExternalTransferStatus, sendFromExternalWallet } from './sendFromExternalWallet'

/** Where a bridge stands: quoting, then each step's transaction, then the funds arriving. */
export type BridgeStatus = 'quoting' | ExternalTransferStatus | 'bridging'

/** Parameters of {@link bridgeToWallet}. */
export type BridgeToWalletParameters = {
  /**
   * The funding request (EVM): its chain is the destination, its address the recipient, its asset what is
   * bridged (the native coin, USDC or the ERC-20, the same symbol on both chains).
   */
  request: FundingRequest
  /** The chain the external wallet pays on. */
  origin: FoyerChain
  /** The external wallet's provider and account. */
  provider: ExternalEip1193Provider
  from: `0x${string}`
  /** The bridge API's base URLs (default Relay's, and its testnet host). */
  apiUrl?: string | undefined
  testnetApiUrl?: string | undefined
  /** Token addresses the flow cannot know (USDC on other chains, the ERC-20 on the origin), by symbol and chain. */
  tokenAddresses?: FundingTokenAddresses | undefined
  /** Called as the bridge moves on; `onQuote` once the quote is in (Total, Estimated fee). */
  onStatus?: ((status: BridgeStatus) => void) | undefined
  onQuote?: ((quote: BridgeQuote) => void) | undefined
  /** How often the recipient's balance is read while bridging, in ms; default 2,000. */
  balancePollMs?: number | undefined
  /** How long to wait for the funds to arrive, in ms; default 600,000. */
  arrivalTimeoutMs?: number | undefined
  signal?: AbortSignal | undefined
}

/**
 * Bridges the funding amount from an external wallet on another chain to the wallet to fund (spec 02 §4, §5,
 * §7 "Bridge quote"): asks the bridge API for an EXACT_OUTPUT quote of the asset (the native coin, the zero
 * address; USDC or the ERC-20 by its address on each chain), has the external wallet send each transaction of
 * its steps in order (an approve, then the deposit…; switching chain as needed), then waits until the
 * recipient's balance of the asset on the destination has grown by the amount.
 *
 * @returns the quote that was executed
 * @throws {BridgeError} `bridge_quote_failed` ('Error fetching quote from relay', or the API's message; also
 *   when no quote is available), `bridging_unsupported` for a Solana request ('Bridging is not supported on Solana devnet' on testnet or
 *   devnet; spec 02 §5) or a token with no known address on the origin or destination,
 *   `external_transfer_failed` when a step reverts or the funds do not arrive in time.
 * @throws {UserRejectedRequestError} `user_rejected`: the user declined in the external wallet.
 * @example
 * await bridgeToWallet({ request, origin: baseChain, provider: wallet.provider, from, onStatus: setStatus })
 */
export async function bridgeToWallet(parameters: BridgeToWalletParameters): Promise<BridgeQuote> {
  const { request, origin, onStatus } = parameters
  assertBridgingSupported(request)
  const destination = request.chain as FoyerChain
  const amount = fundingAmountUnits(request)
  const recipient = request.address as `0x${string}`
  const currencyOn = (chain: FoyerChain) =>
    fundingCurrency({
      asset: request.asset,
      chain,
      requestChainId: destination.id,
      tokenAddresses: parameters.tokenAddresses,
    })
  const originCurrency = currencyOn(origin)
  const destinationCurrency = currencyOn(destination)
  if (!originCurrency || !destinationCurrency) {
    const chain = originCurrency ? destination : origin
    throw new BridgeError(`No known address of the token on ${chain.name}.`, {
      code: 'bridging_unsupported',
    })
  }
  const token = destinationCurrency.address
  onStatus?.('quoting')
  const before = await readEvmBalance({ chain: destination, address: recipient, token })
  const quote = await fetchBridgeQuote({
    apiUrl: bridgeApiUrl({
      chainIds: [origin.id, destination.id],
      testnetChainIds: [origin, destination].filter((chain) => chain.testnet).map((chain) => chain.id),
      apiUrl: parameters.apiUrl,
      testnetApiUrl: parameters.testnetApiUrl,
    }),
    originChainId: origin.id,
    destinationChainId: destination.id,
    originCurrency: originCurrency.address,
    destinationCurrency: destinationCurrency.address,
    amount,
    user: parameters.from,
    recipient,
    signal: parameters.signal,
  })
  if (!quote) throw new BridgeError('Error fetching quote from relay', { code: 'bridge_quote_failed' })
  parameters.onQuote?.(quote)
  for (const step of quote.steps)
    for (const item of step.items) {
      if (item.data.chainId !== origin.id)
        throw new BridgeError('Error fetching quote from relay', {
          code: 'bridge_quote_failed',
          details: `A step pays on chain ${item.data.chainId}, not ${origin.id}.`,
        })
      await sendFromExternalWallet({
        provider: parameters.provider,
        from: parameters.from,
        chain: origin,
        transaction: { to: item.data.to, value: BigInt(item.data.value || '0'), data: item.data.data },
        onStatus,
      })
    }
  onStatus?.('bridging')
  const deadline = Date.now() + (parameters.arrivalTimeoutMs ?? 600_000)
  for (;;) {
    const balance = await readEvmBalance({ chain: destination, address: recipient, token }).catch(
      () => before,
    )
    if (balance - before >= amount) return quote
    if (Date.now() > deadline || parameters.signal?.aborted)
      throw new BridgeError('The bridged funds did not arrive in time.', { code: 'external_transfer_failed' })
    await new Promise((resolve) => setTimeout(resolve, parameters.balancePollMs ?? 2_000))
  }
}
