/**
 * `0x1234…abcd`: the first 6 and last 4 characters of an address (Ethereum hex or Solana base58) joined by an
 * ellipsis, or the address itself when it is 12 characters or shorter.
 *
 * @example shortAddress('0x1111111111111111111111111111111111112222') // '0x1111…2222'
 */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/**
 * An address shown short on one line (it never wraps mid-string), the full value on hover and in its
 * `title`; pair it with a `CopyButton` where the user may need the whole value.
 *
 * @example <Address address={wallet.address} />
 */
export function Address({ address }: { address: string }) {
  return (
    <span className="foyer-mono foyer-address" title={address}>
      {shortAddress(address)}
    </span>
  )
}
