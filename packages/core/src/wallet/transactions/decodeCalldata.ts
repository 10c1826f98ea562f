import { type Abi, decodeFunctionData, erc20Abi, erc721Abi, erc1155Abi, parseAbi } from 'viem'
import type { DecodedAction } from './DecodedAction'

/**
 * ERC-20's `increaseAllowance` (OpenZeppelin's extension) and the well-known mints, which viem's standard
 * token ABIs do not carry, as human-readable signatures (parsed by viem).
 */
const extraTokenAbi = parseAbi([
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function mint(address to, uint256 tokenId)',
  'function safeMint(address to, uint256 tokenId)',
  'function mint(address to, uint256 id, uint256 amount, bytes data)',
])

/**
 * The selectors ERC-20 and ERC-721 share (`approve(address,uint256)`, `transferFrom(address,address,uint256)`):
 * which standard the contract follows decides how the second word reads (an amount or a token id).
 */
const SHARED_FUNCTIONS = new Set(['approve', 'transferFrom'])

/** The outcome of {@link decodeCalldata}: the decoded function, and whether its standard is ambiguous. */
export type DecodedCalldata = {
  functionName: string
  args: readonly unknown[]
  /**
   * `'erc20'`, `'erc721'`, `'erc1155'`, `'erc20-or-erc721'` (a shared selector: decide by whether the
   * contract answers `decimals()`), `'mint'` or `'custom'` (matched the host-supplied ABI).
   */
  standard: 'erc20' | 'erc721' | 'erc1155' | 'erc20-or-erc721' | 'mint' | 'custom'
}

function tryDecode(abi: Abi, data: `0x${string}`) {
  try {
    const decoded = decodeFunctionData({ abi, data })
    return { functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] }
  } catch {
    return undefined
  }
}

/**
 * Decodes calldata with viem's `decodeFunctionData` against, in order, ERC-20, ERC-721, ERC-1155, the
 * well-known mints and `increaseAllowance`, then the host's ABI (`extendedCalldataDecoding`; only its
 * selectors whose arguments decode). Internal: the confirmation loads it lazily.
 *
 * @returns the function and arguments, or `undefined` when no ABI has the selector (or the data is short).
 */
export function decodeCalldata(data: `0x${string}`, hostAbi?: Abi | undefined): DecodedCalldata | undefined {
  if (data.length < 10) return undefined
  const erc20 = tryDecode(erc20Abi, data)
  if (erc20)
    return { ...erc20, standard: SHARED_FUNCTIONS.has(erc20.functionName) ? 'erc20-or-erc721' : 'erc20' }
  const erc721 = tryDecode(erc721Abi, data)
  if (erc721) return { ...erc721, standard: 'erc721' }
  const erc1155 = tryDecode(erc1155Abi, data)
  if (erc1155) return { ...erc1155, standard: 'erc1155' }
  const extra = tryDecode(extraTokenAbi, data)
  if (extra) return { ...extra, standard: extra.functionName === 'increaseAllowance' ? 'erc20' : 'mint' }
  const custom = hostAbi ? tryDecode(hostAbi, data) : undefined
  if (custom) return { ...custom, standard: 'custom' }
  return undefined
}

type Address = `0x${string}`

/**
 * Reads a decoded call as a {@link DecodedAction}. `fungible` says whether the contract answered
 * `decimals()`: it decides the shared ERC-20/ERC-721 selectors (`approve`, `transferFrom`).
 */
export function toDecodedAction(decoded: DecodedCalldata, fungible: boolean): DecodedAction {
  const { functionName, args } = decoded
  const standard = decoded.standard === 'erc20-or-erc721' ? (fungible ? 'erc20' : 'erc721') : decoded.standard
  const base = {
    functionName,
    args,
    isErc20Ish: standard === 'erc20',
    isNFTIsh: standard === 'erc721' || standard === 'erc1155' || standard === 'mint',
  }
  const a = args as readonly [unknown, unknown, unknown, unknown, unknown]
  if (standard === 'erc20') {
    switch (functionName) {
      case 'approve':
      case 'increaseAllowance':
        return { ...base, action: 'approve', spender: a[0] as Address, amount: a[1] as bigint }
      case 'transfer':
        return { ...base, action: 'transfer', transferTo: a[0] as Address, amount: a[1] as bigint }
      case 'transferFrom':
        return {
          ...base,
          action: 'transfer',
          transferFrom: a[0] as Address,
          transferTo: a[1] as Address,
          amount: a[2] as bigint,
        }
    }
  }
  if (standard === 'erc721' || standard === 'erc1155') {
    switch (functionName) {
      case 'approve':
        return { ...base, action: 'approve', spender: a[0] as Address, tokenId: a[1] as bigint }
      case 'setApprovalForAll':
        return { ...base, action: 'approve', operator: a[0] as Address, approved: a[1] as boolean }
      case 'transferFrom':
      case 'safeTransferFrom':
        return {
          ...base,
          action: 'transfer',
          transferFrom: a[0] as Address,
          transferTo: a[1] as Address,
          tokenId: a[2] as bigint,
          ...(standard === 'erc1155' ? { amount: a[3] as bigint } : {}),
        }
      case 'safeBatchTransferFrom':
        return {
          ...base,
          action: 'batch transfer',
          transferFrom: a[0] as Address,
          transferTo: a[1] as Address,
          tokenIds: a[2] as readonly bigint[],
          amounts: a[3] as readonly bigint[],
        }
    }
  }
  if (standard === 'mint') {
    return {
      ...base,
      action: 'mint',
      transferTo: a[0] as Address,
      tokenId: a[1] as bigint,
      ...(args.length > 2 ? { amount: a[2] as bigint } : {}),
    }
  }
  // Read-only functions of the standard ABIs (balanceOf …) and host-supplied functions.
  return { ...base, isErc20Ish: false, isNFTIsh: false, action: 'transaction' }
}
