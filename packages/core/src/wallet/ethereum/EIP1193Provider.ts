/** Arguments of an EIP-1193 `request`. */
export type EIP1193RequestArguments = {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/** Events an EIP-1193 provider emits. */
export type EIP1193EventName = 'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message'

/**
 * An EIP-1193 provider (https://eips.ethereum.org/EIPS/eip-1193): usable with viem's `custom` transport and
 * with wagmi's injected/custom connectors.
 */
export type EIP1193Provider = {
  request(args: EIP1193RequestArguments): Promise<unknown>
  // biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take event-specific arguments.
  on(event: EIP1193EventName, listener: (...args: any[]) => void): EIP1193Provider
  // biome-ignore lint/suspicious/noExplicitAny: see `on`.
  removeListener(event: EIP1193EventName, listener: (...args: any[]) => void): EIP1193Provider
}
