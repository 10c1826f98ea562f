import { type Address, numberToHex, pad } from 'viem'

/**
 * Runtime of a minimal ERC-20 read side: whatever the call, `balanceOf(owner)`'s argument word is read as a
 * storage slot and returned, so a holder's balance lives in the slot whose key is the holder's address.
 *
 *   PUSH1 0x04 CALLDATALOAD   ; the owner (word after the 4-byte selector)
 *   SLOAD                     ; its balance
 *   PUSH1 0x00 MSTORE PUSH1 0x20 PUSH1 0x00 RETURN
 */
const BALANCE_OF_CODE = '0x6004355460005260206000f3'

async function anvilCall(rpcUrl: string, method: string, params: unknown[]): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
}

/**
 * Puts a minimal ERC-20 (its `balanceOf` only) at `token` on a local anvil (`anvil_setCode`), e.g. at
 * USDC's address of the chain id anvil runs as; returns `setBalance(owner, value)` that sets a holder's
 * balance in base units (`anvil_setStorageAt`), as a transfer arriving would.
 *
 * @example
 * const usdc = await installTestToken(anvil.rpcUrl, usdcAddress(84532)!)
 * await usdc.setBalance(wallet, 12_500_000n) // 12.5 USDC
 */
export async function installTestToken(rpcUrl: string, token: Address) {
  await anvilCall(rpcUrl, 'anvil_setCode', [token, BALANCE_OF_CODE])
  return {
    async setBalance(owner: Address, value: bigint) {
      await anvilCall(rpcUrl, 'anvil_setStorageAt', [
        token,
        pad(owner.toLowerCase() as Address),
        pad(numberToHex(value)),
      ])
    },
  }
}
