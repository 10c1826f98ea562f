import { type AppConfig, defaultAppSettings } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import type { FoyerClient } from '../client/FoyerClient'
import { FundingError } from './FundingError'
import { resolveFundingRequest } from './resolveFundingRequest'

const anvil = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const devnet = { name: 'devnet', rpcUrl: 'http://127.0.0.1:8899' }
const evmAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function clientWith(overrides: Partial<AppConfig> & { funding?: Partial<AppConfig['funding_config']> }) {
  const { funding, ...rest } = overrides
  const appConfig = {
    ...defaultAppSettings,
    fiat_on_ramp_enabled: true,
    funding_config: {
      ...defaultAppSettings.funding_config,
      options: [
        { method: 'card', provider: 'moonpay' },
        { method: 'manual', provider: 'privy' },
      ],
      ...funding,
    },
    ...rest,
  } as unknown as AppConfig
  return {
    chains: [anvil],
    solanaClusters: [devnet],
    getState: () => ({ appConfig }),
  } as unknown as FoyerClient
}

const errorOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error as FundingError
  }
  throw new Error('did not throw')
}

describe('resolveFundingRequest', () => {
  test('default: Ethereum, the first chain, the app default amount, native asset', () => {
    const request = resolveFundingRequest(clientWith({}), { address: evmAddress })
    expect(request).toMatchObject({
      chainType: 'ethereum',
      chain: anvil,
      amount: '0.01',
      asset: 'native',
      supportedOptions: [
        { method: 'card', provider: 'moonpay' },
        { method: 'manual', provider: 'privy' },
      ],
      crossChainBridgingEnabled: false,
    })
  })

  test('behavior: a Solana address or a cluster makes a Solana request', () => {
    const client = clientWith({})
    expect(resolveFundingRequest(client, { address: solAddress })).toMatchObject({
      chainType: 'solana',
      cluster: devnet,
    })
    expect(
      resolveFundingRequest(client, { address: solAddress, cluster: { name: 'devnet' }, amount: '.5' }),
    ).toMatchObject({ chainType: 'solana', amount: '0.5' })
  })

  test('behavior: an ERC-20 asset with symbol and decimals', () => {
    const asset = { erc20: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, symbol: 'TKN', decimals: 6 }
    expect(resolveFundingRequest(clientWith({}), { address: evmAddress, asset }).asset).toEqual(asset)
  })

  test("error: 'Wallet funding is not enabled' when off or with no supported option", () => {
    const off = errorOf(() =>
      resolveFundingRequest(clientWith({ fiat_on_ramp_enabled: false }), { address: evmAddress }),
    )
    expect(off).toBeInstanceOf(FundingError)
    expect([off.code, off.message]).toEqual(['funding_not_enabled', 'Wallet funding is not enabled'])
    const unsupported = errorOf(() =>
      resolveFundingRequest(
        clientWith({ funding: { options: [{ method: 'exchange', provider: 'moonpay' }] } }),
        {
          address: evmAddress,
        },
      ),
    )
    expect(unsupported.code).toBe('funding_not_enabled')
  })

  test("error: 'Funding chain {id} is not in FoyerProvider chains list'", () => {
    const error = errorOf(() =>
      resolveFundingRequest(clientWith({}), { address: evmAddress, chain: { id: 10 } }),
    )
    expect([error.code, error.message]).toEqual([
      'funding_chain_not_configured',
      'Funding chain 10 is not in FoyerProvider chains list',
    ])
    expect(
      errorOf(() =>
        resolveFundingRequest(clientWith({}), { address: solAddress, cluster: { name: 'testnet' } }),
      ).code,
    ).toBe('funding_chain_not_configured')
  })

  test("error: 'Invalid funding data' for a bad address, amount or token", () => {
    const client = clientWith({})
    for (const parameters of [
      { address: '0x1234' },
      { address: evmAddress, amount: '0' },
      { address: evmAddress, amount: '1e3' },
      { address: evmAddress, asset: { erc20: '0xnope' as `0x${string}`, symbol: 'X', decimals: 6 } },
      { address: solAddress, chain: { id: 31337 } },
    ])
      expect(errorOf(() => resolveFundingRequest(client, parameters)).message).toBe('Invalid funding data')
  })
})
