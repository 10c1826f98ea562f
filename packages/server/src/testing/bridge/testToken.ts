import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  erc20Abi,
  type Hex,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  stringToHex,
} from 'viem'
import { assembleEvm, evmSnippets } from '../farcaster/evmAssembler'
import { anvilRpc } from '../farcaster/idRegistryStandIn'

/** A token of the bridge stand-in: its contract address, symbol and decimals (the same on every chain it is on). */
export type TestToken = {
  address: Address
  symbol: string
  decimals: number
  /** Display name; default the symbol. */
  name?: string
}

/**
 * The demo's USDC on its local chains: the test token (6 decimals) that `npm run demo` and the end-to-end
 * stack place at this address on both anvils (31337 and 31338), so that USDC funding and USDC bridging can be
 * tried locally. The demo app learns the address from `VITE_DEMO_USDC_ADDRESS`.
 */
export const DEMO_USDC: TestToken = {
  address: '0x00000000000000000000000000000000005dc0c0',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin (local)',
}

/** Transfer(address,address,uint256) and Approval(address,address,uint256), ERC-20's event topics. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** Returns `text` as an ABI string (offset, length, one word of bytes): at most 32 bytes. */
function returnString(text: string): string {
  const bytes = stringToHex(text)
  const length = (bytes.length - 2) / 2
  if (length > 32) throw new Error(`'${text}' is longer than 32 bytes`)
  return `
  PUSH1 0x20
  PUSH1 0x00
  MSTORE
  PUSH1 ${numberToHex(length)}
  PUSH1 0x20
  MSTORE
  PUSH32 0x${bytes.slice(2).padEnd(64, '0')}
  PUSH1 0x40
  MSTORE
  PUSH1 0x60
  PUSH1 0x00
  RETURN`
}

/**
 * The runtime code of a minimal ERC-20 (EIP-20: `balanceOf`, `transfer`, `transferFrom`, `approve`,
 * `allowance`, `totalSupply`, `decimals`, `symbol`, `name`, with the Transfer and Approval events) for the
 * bridge stand-in's local chains, so that no Solidity compiler runs. Storage as Solidity lays out
 * `mapping(address => uint256) balanceOf` (slot 0), `mapping(address => mapping(address => uint256))
 * allowance` (slot 1), `uint256 totalSupply` (slot 2); tokens are minted by writing that storage
 * ({@link mintTestToken}). Transfers beyond the balance or the allowance revert.
 *
 * @example await anvilRpc(rpcUrl, 'anvil_setCode', [address, testTokenCode({ address, symbol: 'USDC', decimals: 6 })])
 */
export function testTokenCode(token: TestToken): Hex {
  if (!Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > 255)
    throw new Error('decimals must be an integer from 0 to 255')
  const { argument, mappingSlot, innerMappingSlot, returnWord } = evmSnippets
  return assembleEvm(`
  ${evmSnippets.selector}
  ${evmSnippets.dispatch([
    ['0x70a08231', 'balanceOf'],
    ['0xa9059cbb', 'transfer'],
    ['0x23b872dd', 'transferFrom'],
    ['0x095ea7b3', 'approve'],
    ['0xdd62ed3e', 'allowance'],
    ['0x18160ddd', 'totalSupply'],
    ['0x313ce567', 'decimals'],
    ['0x95d89b41', 'symbol'],
    ['0x06fdde03', 'name'],
  ])}
fail:
  PUSH1 0x00
  DUP1
  REVERT
returnTrue:
  PUSH1 0x01
  ${returnWord}
balanceOf:
  ${argument(0)}
  ${mappingSlot(0)}
  SLOAD
  ${returnWord}
transfer:
  PUSH2 @returnTrue
  ${argument(1)}
  ${argument(0)}
  CALLER
  PUSH2 @move
  JUMP
transferFrom:           ; allowance[from][caller] -= amount, then move
  ${argument(0)}
  ${mappingSlot(1)}
  ${innerMappingSlot('CALLER')} ; slot
  DUP1
  SLOAD                 ; allowed, slot
  ${argument(2)}        ; amount, allowed, slot
  DUP2
  LT                    ; allowed < amount
  PUSH2 @fail
  JUMPI
  ${argument(2)}
  SWAP1
  SUB                   ; allowed - amount, slot
  SWAP1
  SSTORE
  PUSH2 @returnTrue
  ${argument(2)}
  ${argument(1)}
  ${argument(0)}
  PUSH2 @move
  JUMP
move:                   ; stack: from, to, amount, return
  DUP1
  ${mappingSlot(0)}     ; fromSlot, from, to, amount, return
  DUP1
  SLOAD                 ; fromBalance, fromSlot, from, to, amount, return
  DUP5
  DUP2
  LT                    ; fromBalance < amount
  PUSH2 @fail
  JUMPI
  DUP5
  SWAP1
  SUB
  SWAP1
  SSTORE                ; from, to, amount, return
  DUP2
  PUSH1 0x00
  MSTORE
  PUSH1 0x40
  PUSH1 0x00
  SHA3                  ; toSlot, from, to, amount, return
  DUP1
  SLOAD
  DUP5
  ADD
  SWAP1
  SSTORE                ; from, to, amount, return
  DUP3
  PUSH1 0x00
  MSTORE
  DUP2
  DUP2
  PUSH32 ${TRANSFER_TOPIC}
  PUSH1 0x20
  PUSH1 0x00
  LOG3
  POP
  POP
  POP
  JUMP
approve:
  CALLER
  ${mappingSlot(1)}
  ${innerMappingSlot(argument(0))}
  ${argument(1)}
  SWAP1
  SSTORE
  ${argument(1)}
  PUSH1 0x00
  MSTORE
  ${argument(0)}
  CALLER
  PUSH32 ${APPROVAL_TOPIC}
  PUSH1 0x20
  PUSH1 0x00
  LOG3
  PUSH2 @returnTrue
  JUMP
allowance:
  ${argument(0)}
  ${mappingSlot(1)}
  ${innerMappingSlot(argument(1))}
  SLOAD
  ${returnWord}
totalSupply:
  PUSH1 0x02
  SLOAD
  ${returnWord}
decimals:
  PUSH1 ${numberToHex(token.decimals)}
  ${returnWord}
symbol:${returnString(token.symbol)}
name:${returnString(token.name ?? token.symbol)}
`)
}

/** The storage slot of `holder`'s balance: `keccak256(holder ‖ 0)`, Solidity's layout of a mapping at slot 0. */
function balanceSlot(holder: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 0n]))
}

/**
 * Places the test token ({@link testTokenCode}) on a local anvil at `token.address` (`anvil_setCode`).
 *
 * @example await placeTestToken(anvil.rpcUrl, { address: '0x…', symbol: 'USDC', decimals: 6 })
 */
export async function placeTestToken(rpcUrl: string, token: TestToken): Promise<void> {
  await anvilRpc(rpcUrl, 'anvil_setCode', [token.address, testTokenCode(token)])
}

/**
 * Credits `holder` with `amount` (smallest unit) of a placed test token and raises its total supply, by
 * writing its storage (`anvil_setStorageAt`).
 *
 * @example await mintTestToken(anvil.rpcUrl, token.address, wallet, 10n ** 6n) // 1 USDC
 */
export async function mintTestToken(
  rpcUrl: string,
  token: Address,
  holder: Address,
  amount: bigint,
): Promise<void> {
  const add = async (slot: Hex) => {
    const current = (await anvilRpc(rpcUrl, 'eth_getStorageAt', [token, slot, 'latest'])) as Hex
    const next = hexToBigInt(current) + amount
    await anvilRpc(rpcUrl, 'anvil_setStorageAt', [token, slot, numberToHex(next, { size: 32 })])
  }
  await add(balanceSlot(holder))
  await add(numberToHex(2, { size: 32 }))
}

/**
 * What `holder` has of the ERC-20 token at `token` on the chain at `rpcUrl`, in its smallest unit: its
 * `balanceOf` (EIP-20) read through the node.
 *
 * @example expect(await testTokenBalance(anvil.rpcUrl, DEMO_USDC.address, wallet)).toBe(10n ** 6n) // 1 USDC
 */
export function testTokenBalance(rpcUrl: string, token: Address, holder: Address): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  })
}
