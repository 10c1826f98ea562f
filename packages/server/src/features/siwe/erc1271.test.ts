import { randomBytes } from 'node:crypto'
import { authResponseSchema } from '@foyer/protocol'
import { type Address, checksumAddress, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { siwe } from './method'

/**
 * ERC-1271 sign-in on a real anvil (docs/security.md property 42). Hand-assembled runtime bytecode set with
 * `anvil_setCode`:
 * - MAGIC  `PUSH4 0x1626ba7e PUSH1 0xe0 SHL PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN` — answers the
 *   ERC-1271 magic value to any `isValidSignature` call;
 * - ZERO   `PUSH1 0x20 PUSH1 0 RETURN` — answers 32 zero bytes (not the magic value);
 * - REVERT `PUSH1 0 PUSH1 0 REVERT`.
 */
const MAGIC_CODE = '0x631626ba7e60e01b60005260206000f3'
const ZERO_CODE = '0x60206000f3'
const REVERT_CODE = '0x60006000fd'
const ORIGIN = 'http://localhost:5173'

let anvil: Anvil
let t: TestContext

beforeAll(async () => {
  anvil = await startAnvil()
  t = await createTestContext({ methods: [siwe({ evmRpcUrls: { 31337: anvil.rpcUrl } })] })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

async function contractWallet(code: Hex): Promise<Address> {
  const address = checksumAddress(`0x${randomBytes(20).toString('hex')}`)
  await rpc('anvil_setCode', [address, code])
  return address
}

async function attempt(address: Address, chainId = 31337) {
  const init = await t.request({
    method: 'POST',
    url: '/api/v1/siwe/init',
    json: { address },
    headers: { origin: ORIGIN },
  })
  const message = createSiweMessage({
    domain: 'localhost:5173',
    address,
    uri: ORIGIN,
    version: '1',
    chainId,
    nonce: init.json().nonce,
    issuedAt: new Date(t.now()),
  })
  // Not an ECDSA signature of the address: only ERC-1271 can accept it.
  const signature = `0x${randomBytes(65).toString('hex')}`
  return t.request({
    method: 'POST',
    url: '/api/v1/siwe/authenticate',
    json: { message, signature, chainId, walletClientType: 'safe', connectorType: 'safe' },
    headers: { origin: ORIGIN },
  })
}

describe('ERC-1271 contract wallets on anvil (security property 42)', () => {
  test('default: a contract answering 0x1626ba7e signs in; the account is a wallet on eip155:31337', async () => {
    const address = await contractWallet(MAGIC_CODE)
    const response = await attempt(address)
    expect(response.statusCode, response.body).toBe(200)
    const auth = authResponseSchema.parse(response.json())
    expect(auth.user.linked_accounts.find((account) => account.type === 'wallet')).toMatchObject({
      address,
      chain_type: 'ethereum',
      chain_id: 'eip155:31337',
      wallet_client_type: 'safe',
    })
  })

  test('error: a contract answering 0, a reverting contract, and an address without code → 401 Invalid signature', async () => {
    for (const address of [
      await contractWallet(ZERO_CODE),
      await contractWallet(REVERT_CODE),
      checksumAddress(`0x${randomBytes(20).toString('hex')}`),
    ]) {
      const response = await attempt(address)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ error: 'Invalid signature', code: 'invalid_credentials' })
    }
  })

  test('error: the magic contract on a chain without a configured RPC URL → 401 (no ERC-1271 there)', async () => {
    const address = await contractWallet(MAGIC_CODE)
    const response = await attempt(address, 1)
    expect(response.statusCode).toBe(401)
    expect(response.json().error).toBe('Invalid signature')
  })
})
