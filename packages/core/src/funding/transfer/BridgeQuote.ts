/** An EVM transaction of a bridge quote's step (`steps[].items[].data`, Relay's shape; docs/wire.md). */
export type BridgeTransaction = {
  from: `0x${string}`
  to: `0x${string}`
  /** Calldata, hex. */
  data: `0x${string}`
  /** Wei, as a decimal string. */
  value: string
  chainId: number
}

/** A Solana instruction of a bridge quote's step (Relay's shape): accounts, program and data (hex). */
export type BridgeSolanaInstruction = {
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[]
  /** base58. */
  programId: string
  /** Instruction data, hex. */
  data: string
}

/** The Solana instructions of a step paid from Solana (and lookup tables, which this flow does not use). */
export type BridgeSolanaInstructions = {
  instructions: BridgeSolanaInstruction[]
  addressLookupTableAddresses?: string[] | undefined
}

/** One item of a step: the transaction to send (or Solana instructions to sign), and where to check its status. */
export type BridgeStepItem = {
  status: string
  data: BridgeTransaction | BridgeSolanaInstructions
  check?: { endpoint: string; method: string } | undefined
}

/** One step of a bridge quote: a `kind: 'transaction'` step lists transactions to send in order. */
export type BridgeStep = {
  id: string
  kind: string
  action?: string | undefined
  description?: string | undefined
  requestId?: string | undefined
  items: BridgeStepItem[]
}

/** An amount of a currency in a quote (`details.currencyIn`, `fees.relayer`…), in the smallest unit. */
export type BridgeAmount = {
  currency: { chainId: number; address: string; symbol: string; decimals: number }
  /** Smallest unit, decimal string. */
  amount: string
  amountFormatted?: string | undefined
}

/**
 * A bridge quote as the bridge API answers it (Relay's quote call; docs/wire.md "Bridge quote:
 * steps[0].items[0].data with from, to, value, chainId, data"): the `steps` whose transactions the external
 * wallet sends, the `fees` and the `details` (what the user pays, what the recipient gets).
 */
export type BridgeQuote = {
  steps: BridgeStep[]
  fees?:
    | Partial<Record<'gas' | 'relayer' | 'relayerGas' | 'relayerService' | 'app', BridgeAmount>>
    | undefined
  details?:
    | {
        currencyIn?: BridgeAmount | undefined
        currencyOut?: BridgeAmount | undefined
        timeEstimate?: number | undefined
      }
    | undefined
}
