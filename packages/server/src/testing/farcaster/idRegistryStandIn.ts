import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  numberToHex,
  pad,
  toFunctionSelector,
} from 'viem'
import { assembleEvm, evmSnippets } from './evmAssembler'

/** Farcaster's Id Registry address on Optimism; the stand-in sits at the same address on the local chain. */
export const ID_REGISTRY_STAND_IN_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** Runtime of `IdRegistryStandIn.sol`: `idOf(address)` reads slot-0 mapping, `custodyOf(uint256)` slot 1. */
export const idRegistryStandInCode: Hex = assembleEvm(`
  ${evmSnippets.selector}
  ${evmSnippets.dispatch([
    [toFunctionSelector('idOf(address)'), 'idOf'],
    [toFunctionSelector('custodyOf(uint256)'), 'custodyOf'],
  ])}
  PUSH1 0x00
  DUP1
  REVERT
idOf:
  ${evmSnippets.argument(0)}
  PUSH20 0xffffffffffffffffffffffffffffffffffffffff
  AND                                     ; key
  ${evmSnippets.mappingSlot(0)}
  SLOAD
  ${evmSnippets.returnWord}
custodyOf:
  ${evmSnippets.argument(0)}              ; key
  ${evmSnippets.mappingSlot(1)}
  SLOAD
  ${evmSnippets.returnWord}
`)

/**
 * Runtime of `CustodyWalletStandIn.sol` for `owner`: ERC-1271 `isValidSignature(hash, signature)` answers
 * 0x1626ba7e when `ecrecover(hash, v, r, s)` is `owner`, else 32 zero bytes.
 */
export function custodyWalletStandInCode(owner: Address): Hex {
  return assembleEvm(`
  PUSH1 0x04
  CALLDATALOAD
  PUSH1 0x00
  MSTORE                                  ; hash
  PUSH1 0xa4
  CALLDATALOAD
  PUSH1 0xf8
  SHR
  PUSH1 0x20
  MSTORE                                  ; v (the signature's 65th byte)
  PUSH1 0x64
  CALLDATALOAD
  PUSH1 0x40
  MSTORE                                  ; r
  PUSH1 0x84
  CALLDATALOAD
  PUSH1 0x60
  MSTORE                                  ; s
  PUSH1 0x20
  PUSH1 0x80
  PUSH1 0x80
  PUSH1 0x00
  PUSH1 0x01
  GAS
  STATICCALL                              ; ecrecover → memory 0x80
  POP
  PUSH1 0x80
  MLOAD
  PUSH20 ${owner}
  EQ
  PUSH2 @valid
  JUMPI
  PUSH1 0x20
  PUSH1 0xa0
  RETURN                                  ; 32 zero bytes
valid:
  PUSH4 0x1626ba7e
  PUSH1 0xe0
  SHL
  ${evmSnippets.returnWord}
`)
}

/** One JSON-RPC call to anvil; throws `Error` with the node's message. */
export async function anvilRpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** A placed Id Registry stand-in. */
export type IdRegistryStandIn = {
  address: Address
  /** Records `custody` as the custody address of `fid` (both mappings), as a registration would. */
  register(fid: number, custody: Address): Promise<void>
}

/**
 * Places the Id Registry stand-in on a local anvil (`anvil_setCode`, by default at Farcaster's own
 * address, so the server's default `farcaster.idRegistryAddress` reads it) and registers fids by writing its
 * two mappings (`anvil_setStorageAt` at the Solidity slots `keccak256(key ‖ slot)`).
 *
 * @example
 * const registry = await placeIdRegistryStandIn(anvil.rpcUrl)
 * await registry.register(3, account.address)
 */
export async function placeIdRegistryStandIn(
  rpcUrl: string,
  address: Address = ID_REGISTRY_STAND_IN_ADDRESS,
): Promise<IdRegistryStandIn> {
  await anvilRpc(rpcUrl, 'anvil_setCode', [address, idRegistryStandInCode])
  return {
    address,
    async register(fid, custody) {
      const idOfSlot = keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [custody, 0n]),
      )
      const custodySlot = keccak256(
        encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [BigInt(fid), 1n]),
      )
      await anvilRpc(rpcUrl, 'anvil_setStorageAt', [address, idOfSlot, numberToHex(fid, { size: 32 })])
      await anvilRpc(rpcUrl, 'anvil_setStorageAt', [
        address,
        custodySlot,
        pad(getAddress(custody), { size: 32 }),
      ])
    },
  }
}

/**
 * Places a contract custody wallet for `owner` at `address` (`anvil_setCode`): a custody address whose
 * signatures are checked with ERC-1271 (docs/security.md property 42).
 */
export async function placeCustodyWalletStandIn(
  rpcUrl: string,
  address: Address,
  owner: Address,
): Promise<void> {
  await anvilRpc(rpcUrl, 'anvil_setCode', [address, custodyWalletStandInCode(owner)])
}
