import { describe, expect, test } from 'vitest'
import type { FoyerChain } from '../../chains/FoyerChain'
import { ChainNotConfiguredError } from '../errors/ChainNotConfiguredError'
import { InvalidTransactionRequestError } from '../errors/InvalidTransactionRequestError'
import { validateTransactionRequest } from './validateTransactionRequest'

const anvil: FoyerChain = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const base: FoyerChain = { ...anvil, id: 8453, name: 'Base' }
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const validate = (request: unknown) =>
  validateTransactionRequest({ request, chains: [anvil, base], defaultChainId: 31337 })

describe('validateTransactionRequest', () => {
  test('default: quantities as number, bigint or hex become hex; the chain defaults to the current one', () => {
    const result = validate({ to, value: 10n ** 16n, gas: 21000, maxFeePerGas: '0x3b9aca00', nonce: 3 })
    expect(result.chain).toBe(anvil)
    expect(result.request).toEqual({
      chainId: '0x7a69',
      to,
      value: '0x2386f26fc10000',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      nonce: '0x3',
    })
    expect(result.quantities).toEqual({ value: 10n ** 16n, gas: 21000n, maxFeePerGas: 1_000_000_000n })
  })

  test('behavior: gasLimit is gas; chainId picks a configured chain; a minus sign is a valid hex quantity', () => {
    const result = validate({ to, gasLimit: '0x5208', chainId: 8453, value: '-0x1' })
    expect(result.chain).toBe(base)
    expect(result.request.gas).toBe('0x5208')
    expect(result.quantities.value).toBe(-1n)
  })

  test.each(['gasLimit', 'gasPrice', 'value', 'maxPriorityFeePerGas', 'maxFeePerGas'])(
    "error: '%s' that is not a quantity fails with the documented message",
    (field) => {
      for (const bad of ['12', '0xZZ', 1.5, {}, true]) {
        expect(() => validate({ to, [field]: bad })).toThrow(
          `Transaction request property '${field}' must be a valid number, bigint, or hex string representing a quantity`,
        )
      }
    },
  )

  test("error: a chainId that is not a number is 'Invalid transaction request'", () => {
    expect(() => validate({ to, chainId: '0x7a69' })).toThrow(InvalidTransactionRequestError)
    expect(() => validate({ to, chainId: '0x7a69' })).toThrow('Invalid transaction request')
  })

  test('error: a chain outside the configured chains', () => {
    expect(() => validate({ to, chainId: 1 })).toThrow(ChainNotConfiguredError)
    try {
      validate({ to, chainId: 1 })
    } catch (error) {
      expect(error).toMatchObject({ code: 'chain_not_configured', chainId: 1 })
    }
  })

  test('error: not an object, a bad address, bad data, a negative nonce', () => {
    for (const request of [null, 'tx', [], { to: '0x1234' }, { to, data: '0xabc' }, { to, nonce: -1 }]) {
      expect(() => validate(request)).toThrow('Invalid transaction request')
    }
  })
})
