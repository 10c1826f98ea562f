import { randomBytes } from 'node:crypto'
import { checksumAddress, createPublicClient, hashMessage, http, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { assembleEvm } from './evmAssembler'
import { placeCustodyWalletStandIn, placeIdRegistryStandIn } from './idRegistryStandIn'

const registryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256)',
  'function custodyOf(uint256 fid) view returns (address)',
])
const erc1271Abi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })

describe('assembleEvm', () => {
  test('default: pushes, labels and opcodes', () => {
    expect(assembleEvm('PUSH1 0x20\nPUSH1 0x00\nRETURN')).toBe('0x60206000f3')
    expect(assembleEvm('PUSH2 @end\nJUMP\nend:\nSTOP')).toBe('0x610004565b00')
  })

  test('error: unknown instruction, oversize value, unknown label', () => {
    expect(() => assembleEvm('FLY')).toThrow('Unknown instruction')
    expect(() => assembleEvm('PUSH1 0x100')).toThrow('does not fit')
    expect(() => assembleEvm('PUSH2 @nowhere')).toThrow('Unknown label')
  })
})

describe('Id Registry stand-in', () => {
  test('default: idOf and custodyOf read a registration; others read zero', async () => {
    const registry = await placeIdRegistryStandIn(anvil.rpcUrl)
    const custody = privateKeyToAccount(generatePrivateKey()).address
    await registry.register(4242, custody)
    const read = (functionName: 'idOf' | 'custodyOf', arg: never) =>
      client().readContract({ address: registry.address, abi: registryAbi, functionName, args: [arg] })
    expect(await read('idOf', custody as never)).toBe(4242n)
    expect(await read('custodyOf', 4242n as never)).toBe(custody)
    const stranger = checksumAddress(`0x${randomBytes(20).toString('hex')}`)
    expect(await read('idOf', stranger as never)).toBe(0n)
  })

  test('default: the custody wallet answers the ERC-1271 magic value only for its owner', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const wallet = checksumAddress(`0x${randomBytes(20).toString('hex')}`)
    await placeCustodyWalletStandIn(anvil.rpcUrl, wallet, owner.address)
    const check = async (signature: `0x${string}`) =>
      client().readContract({
        address: wallet,
        abi: erc1271Abi,
        functionName: 'isValidSignature',
        args: [hashMessage('hello'), signature],
      })
    expect(await check(await owner.signMessage({ message: 'hello' }))).toBe('0x1626ba7e')
    expect(await check(await stranger.signMessage({ message: 'hello' }))).toBe('0x00000000')
  })
})
