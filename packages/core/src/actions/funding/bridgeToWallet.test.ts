import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { useAnvilChain } from '../../../test/useAnvilChain'
import type { SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import type { FundingRequest } from '../../funding/FundingRequest'
import { bridgeToWallet } from './bridgeToWallet'

const local = useAnvilChain()

const payer = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
const localnet = { name: 'localnet', rpcUrl: 'http://127.0.0.1:9' }
// Never asked to sign: every case here stops before a transaction.
const solanaWallet = { chainType: 'solana', name: 'Solana Test Wallet' } as unknown as SolanaExternalWallet
const request = (overrides: Partial<FundingRequest> = {}): FundingRequest => ({
  chainType: 'ethereum',
  address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  chain: local.chain,
  cluster: undefined,
  amount: '0.05',
  asset: 'native',
  supportedOptions: [{ method: 'wallets', provider: 'privy' }],
  crossChainBridgingEnabled: true,
  ...overrides,
})

describe('bridgeToWallet', () => {
  test('error: Solana to Solana, a token to or from Solana, and a Solana devnet origin are refused', async () => {
    const toSolana = request({ chainType: 'solana', chain: undefined, cluster: localnet, address: payer })
    const cases: [FundingRequest, typeof localnet, string][] = [
      [toSolana, localnet, 'A Solana wallet funds a Solana wallet directly.'],
      [request({ asset: 'USDC' }), localnet, 'Only native coins bridge to or from Solana.'],
      [request(), { ...localnet, name: 'devnet' }, 'Bridging is not supported on Solana devnet'],
    ]
    for (const [funding, cluster, message] of cases)
      await expect(
        bridgeToWallet({ request: funding, origin: { cluster, wallet: solanaWallet }, from: payer }),
      ).rejects.toMatchObject({ code: 'bridging_unsupported', shortMessage: message })
  })

  test("error: a Solana step with address lookup tables: 'Error fetching quote from relay'", async () => {
    const quote = {
      steps: [
        {
          id: 'deposit',
          kind: 'transaction',
          items: [
            {
              status: 'incomplete',
              data: { instructions: [], addressLookupTableAddresses: [payer] },
            },
          ],
        },
      ],
    }
    const bodies: unknown[] = []
    const server = createServer((incoming, response) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(quote))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const statuses: string[] = []
      await expect(
        bridgeToWallet({
          request: request(),
          origin: { cluster: localnet, wallet: solanaWallet },
          from: payer,
          apiUrl,
          onStatus: (status) => statuses.push(status),
        }),
      ).rejects.toMatchObject({
        code: 'bridge_quote_failed',
        shortMessage: 'Error fetching quote from relay',
      })
      expect(statuses).toEqual(['quoting'])
      expect(bodies[0]).toEqual({
        user: payer,
        recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        originChainId: 792703809,
        destinationChainId: 31337,
        originCurrency: '11111111111111111111111111111111',
        destinationCurrency: '0x0000000000000000000000000000000000000000',
        amount: '50000000000000000',
        tradeType: 'EXACT_OUTPUT',
      })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
