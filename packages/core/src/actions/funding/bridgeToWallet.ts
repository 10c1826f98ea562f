import type { FoyerChain } from '../../chains/FoyerChain'
import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { ExternalEip1193Provider, SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import type { FundingRequest } from '../../funding/FundingRequest'
import {
  assertBridgingSupported,
  RELAY_SOLANA_CHAIN_ID,
} from '../../funding/transfer/assertBridgingSupported'
import { BridgeError } from '../../funding/transfer/BridgeError'
import type { BridgeQuote } from '../../funding/transfer/BridgeQuote'
import { bridgeApiUrl } from '../../funding/transfer/bridgeApiUrl'
import { buildSolanaTransaction } from '../../funding/transfer/buildSolanaTransaction'
import { fetchBridgeQuote } from '../../funding/transfer/fetchBridgeQuote'
import { fundingAmountUnits } from '../../funding/transfer/fundingAmountUnits'
import { type FundingTokenAddresses, fundingCurrency } from '../../funding/transfer/fundingCurrency'
import { readEvmBalance } from '../../funding/transfer/readEvmBalance'
import {
  type ExternalTransferStatus,
  sendFromExternalWallet,
} from '../../funding/transfer/sendFromExternalWallet'
import { sendSolanaFromExternalWallet } from '../../funding/transfer/sendSolanaFromExternalWallet'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'

/** SOL at the bridge API (Relay names Solana's native coin by the system program's address). */
export const RELAY_SOL_CURRENCY = '11111111111111111111111111111111'

/**
 * Where the external wallet pays from: an EVM chain with the wallet's EIP-1193 provider, or a Solana cluster
 * with the wallet-standard Solana wallet (it signs the quote's Solana instructions; SOL only).
 */
export type BridgeOriginWallet =
  | { chain: FoyerChain; provider: ExternalEip1193Provider }
  | { cluster: SolanaCluster; wallet: SolanaExternalWallet }

/** Where a bridge stands: quoting, then each step's transaction, then the funds arriving. */
export type BridgeStatus = 'quoting' | ExternalTransferStatus | 'bridging'

/** Parameters of {@link bridgeToWallet}. */
export type BridgeToWalletParameters = {
  /**
   * The funding request: its chain (or Solana cluster) is the destination, its address the recipient, its
   * asset what is bridged (the native coin, USDC or the ERC-20, the same symbol on both chains; only the
   * native coins to or from Solana).
   */
  request: FundingRequest
  /** Where the external wallet pays, and the wallet. */
  origin: BridgeOriginWallet
  /** The external wallet's account: `0x…` on an EVM chain, base58 on Solana. */
  from: string
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

/** What {@link bridgeToWallet} throws (an action that calls others includes theirs). */
export type BridgeToWalletErrorType = BridgeError | Error | UserRejectedRequestError | WalletConnectionError

/**
 * Bridges the funding amount from an external wallet on another chain to the wallet to fund (docs/modal.md,
 * docs/limits.md, docs/api.md): asks the bridge API for an EXACT_OUTPUT quote of the asset (the native coin,
 * the zero address; USDC or the ERC-20 by its address on each chain), has the external wallet send each
 * transaction of its steps in order (an approve, then the deposit…; switching chain as needed) — or, from
 * Solana, has the Solana wallet sign and send each step's instructions (SOL, Relay's chain id 792703809) —
 * then waits until the recipient's balance of the asset on the destination (a chain, or the Solana cluster
 * for a Solana wallet: EVM to Solana) has grown by the amount.
 *
 * @returns the quote that was executed
 * @throws {BridgeError} `bridge_quote_failed` ('Error fetching quote from relay', or the API's message; also
 *   when no quote is available), `bridging_unsupported` to or from Solana testnet or devnet ('Bridging is
 *   not supported on Solana devnet'; docs/limits.md), a token with no known address on the origin or
 *   destination, a token to or from Solana, or Solana to Solana,
 *   `external_transfer_failed` when a step reverts or the funds do not arrive in time.
 * @throws {UserRejectedRequestError} `user_rejected`: the user declined in the external wallet.
 * @example
 * await bridgeToWallet({ request, origin: { chain: base, provider: wallet.provider }, from, onStatus: setStatus })
 */
export async function bridgeToWallet(parameters: BridgeToWalletParameters): Promise<BridgeQuote> {
  const { request, origin, onStatus } = parameters
  assertBridgingSupported(request)
  const amount = fundingAmountUnits(request)
  const toSolana = request.chainType === 'solana'
  const fromSolana = 'cluster' in origin
  if (fromSolana) assertBridgingSupported({ chainType: 'solana', cluster: origin.cluster, chain: undefined })
  if ((fromSolana || toSolana) && request.asset !== 'native')
    throw new BridgeError('Only native coins bridge to or from Solana.', { code: 'bridging_unsupported' })
  if (fromSolana && toSolana)
    throw new BridgeError('A Solana wallet funds a Solana wallet directly.', { code: 'bridging_unsupported' })
  const destination = request.chain
  const currencyOn = (chain: FoyerChain) =>
    fundingCurrency({
      asset: request.asset,
      chain,
      requestChainId: destination?.id ?? 0,
      tokenAddresses: parameters.tokenAddresses,
    })
  const originCurrency = fromSolana ? { address: RELAY_SOL_CURRENCY } : currencyOn(origin.chain)
  const destinationCurrency = destination ? currencyOn(destination) : { address: RELAY_SOL_CURRENCY }
  if (!originCurrency || !destinationCurrency) {
    const name = originCurrency || fromSolana ? destination?.name : origin.chain.name
    throw new BridgeError(`No known address of the token on ${name}.`, { code: 'bridging_unsupported' })
  }
  const originChainId = fromSolana ? RELAY_SOLANA_CHAIN_ID : origin.chain.id
  const destinationChainId = destination?.id ?? RELAY_SOLANA_CHAIN_ID
  // The recipient's balance of the asset: lamports on the Solana cluster, else the coin or token on the chain.
  const readBalance = () =>
    destination
      ? readEvmBalance({
          chain: destination,
          address: request.address as `0x${string}`,
          token: destinationCurrency.address as `0x${string}`,
        })
      : getSolanaBalance({ cluster: request.cluster as SolanaCluster, address: request.address })
  onStatus?.('quoting')
  const before = await readBalance()
  const quote = await fetchBridgeQuote({
    apiUrl: bridgeApiUrl({
      chainIds: [originChainId, destinationChainId],
      testnetChainIds: [fromSolana ? undefined : origin.chain, destination]
        .filter((chain) => chain?.testnet)
        .map((chain) => (chain as FoyerChain).id),
      apiUrl: parameters.apiUrl,
      testnetApiUrl: parameters.testnetApiUrl,
    }),
    originChainId,
    destinationChainId,
    originCurrency: originCurrency.address,
    destinationCurrency: destinationCurrency.address,
    amount,
    user: parameters.from,
    recipient: request.address,
    signal: parameters.signal,
  })
  if (!quote) throw new BridgeError('Error fetching quote from relay', { code: 'bridge_quote_failed' })
  parameters.onQuote?.(quote)
  const misfit = (details: string) =>
    new BridgeError('Error fetching quote from relay', { code: 'bridge_quote_failed', details })
  for (const step of quote.steps)
    for (const item of step.items) {
      const data = item.data
      if ('cluster' in origin) {
        if (!('instructions' in data)) throw misfit('A step of a Solana origin has no Solana instructions.')
        if (data.addressLookupTableAddresses?.length) throw misfit('Address lookup tables are not supported.')
        await sendSolanaFromExternalWallet({
          wallet: origin.wallet,
          from: parameters.from,
          cluster: origin.cluster,
          build: (blockhash) =>
            buildSolanaTransaction({ payer: parameters.from, instructions: data.instructions, blockhash }),
          onStatus,
        })
        continue
      }
      if ('instructions' in data || data.chainId !== origin.chain.id)
        throw misfit(`A step does not pay on chain ${origin.chain.id}.`)
      await sendFromExternalWallet({
        provider: origin.provider,
        from: parameters.from as `0x${string}`,
        chain: origin.chain,
        transaction: { to: data.to, value: BigInt(data.value || '0'), data: data.data },
        onStatus,
      })
    }
  onStatus?.('bridging')
  const deadline = Date.now() + (parameters.arrivalTimeoutMs ?? 600_000)
  for (;;) {
    const balance = await readBalance().catch(() => before)
    if (balance - before >= amount) return quote
    if (Date.now() > deadline || parameters.signal?.aborted)
      throw new BridgeError('The bridged funds did not arrive in time.', { code: 'external_transfer_failed' })
    await new Promise((resolve) => setTimeout(resolve, parameters.balancePollMs ?? 2_000))
  }
}
