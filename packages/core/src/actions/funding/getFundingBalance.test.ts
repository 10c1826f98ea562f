import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { installTestToken } from '../../../test/installTestToken'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { FundingRequest } from '../../funding/FundingRequest'
import { usdcAddress } from '../../funding/transfer/usdcAddress'
import { getFundingBalance } from './getFundingBalance'

// anvil runs as Base Sepolia (84532), whose USDC contract is known: a minimal token sits at that address.
const BASE_SEPOLIA = 84532
let anvil: Anvil
let chain: FoyerChain
let usdc: Awaited<ReturnType<typeof installTestToken>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: BASE_SEPOLIA })
  chain = {
    id: BASE_SEPOLIA,
    name: 'Base Sepolia',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  }
  usdc = await installTestToken(anvil.rpcUrl, usdcAddress(BASE_SEPOLIA) as `0x${string}`)
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

/** A fresh wallet holding 5 ETH, so a token balance read as native would show. */
async function wallet() {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
    address,
    value: parseEther('5'),
  })
  return address
}

const request = (address: string, asset: FundingRequest['asset']) =>
  ({ chainType: 'ethereum', chain, cluster: undefined, address, asset }) as const

describe('getFundingBalance', () => {
  test('default: the native coin, in wei with the chain decimals', async () => {
    const address = await wallet()
    expect(await getFundingBalance(request(address, 'native'))).toEqual({
      value: parseEther('5'),
      decimals: 18,
    })
  })

  test("behavior: USDC is the token's balanceOf at the chain's USDC contract, 6 decimals", async () => {
    const address = await wallet()
    expect(await getFundingBalance(request(address, 'USDC'))).toEqual({ value: 0n, decimals: 6 })
    await usdc.setBalance(address, 12_500_000n)
    expect(await getFundingBalance(request(address, 'USDC'))).toEqual({ value: 12_500_000n, decimals: 6 })
  })

  test('behavior: another ERC-20 is read at its own contract with its decimals', async () => {
    const address = await wallet()
    const contract = privateKeyToAccount(generatePrivateKey()).address
    const token = await installTestToken(anvil.rpcUrl, contract)
    await token.setBalance(address, 300_000_000n)
    expect(
      await getFundingBalance(request(address, { erc20: contract, symbol: 'TKN', decimals: 8 })),
    ).toEqual({ value: 300_000_000n, decimals: 8 })
  })

  test('error: USDC on a chain without a known USDC contract cannot be read (null)', async () => {
    const address = await wallet()
    expect(
      await getFundingBalance({ ...request(address, 'USDC'), chain: { ...chain, id: 31337, name: 'Anvil' } }),
    ).toBeNull()
  })

  test('behavior: USDC where funding.tokenAddresses names it is read there, on a chain without a known contract', async () => {
    const address = await wallet()
    const contract = privateKeyToAccount(generatePrivateKey()).address
    const token = await installTestToken(anvil.rpcUrl, contract)
    await token.setBalance(address, 5_000_000n)
    const local = { ...request(address, 'USDC'), chain: { ...chain, id: 31337, name: 'Anvil' } }
    expect(await getFundingBalance(local, { USDC: { 31337: contract } })).toEqual({
      value: 5_000_000n,
      decimals: 6,
    })
  })
})
