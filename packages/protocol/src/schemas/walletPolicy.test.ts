import { describe, expect, test } from 'vitest'
import { walletPolicySchema } from './walletPolicy'

const policy = (chain_type: 'ethereum' | 'solana', conditions: unknown[]) => ({
  version: '1.0',
  name: 'Delegation',
  chain_type,
  rules: [{ name: 'Rule 1', method: '*', action: 'ALLOW', conditions }],
})
const tx = (field: string, operator: string, value: unknown) => ({
  field_source: 'ethereum_transaction',
  field,
  operator,
  value,
})

/** The messages a policy's conditions get, by the condition's index and the issue's path within it. */
function issues(value: unknown): string[] {
  const parsed = walletPolicySchema.safeParse(value)
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.slice(3).join('.')}: ${issue.message}`)
}

describe('walletPolicySchema condition values', () => {
  test('default: addresses, whole numbers and lists of them are accepted', () => {
    const address = `0x${'aB'.repeat(20)}`
    expect(
      issues(
        policy('ethereum', [
          tx('to', 'eq', address),
          tx('to', 'in', [address, `0x${'1'.repeat(40)}`]),
          tx('value', 'lte', '10000000000000000'),
          tx('chain_id', 'eq', '31337'),
          { field_source: 'system', field: 'current_unix_timestamp', operator: 'lt', value: '1900000000' },
        ]),
      ),
    ).toEqual([])
    expect(
      issues(
        policy('solana', [
          {
            field_source: 'solana_program_instruction',
            field: 'programId',
            operator: 'eq',
            value: '11111111111111111111111111111111',
          },
          {
            field_source: 'solana_system_program_instruction',
            field: 'Transfer.lamports',
            operator: 'lte',
            value: '5000',
          },
        ]),
      ),
    ).toEqual([])
  })

  test('error: a value that could never match is refused at its path, with what it should be', () => {
    expect(
      issues(
        policy('ethereum', [
          tx('to', 'eq', 'not an address'),
          tx('value', 'lte', '1.5'),
          tx('to', 'in', `0x${'a'.repeat(40)}`),
          tx('chain_id', 'eq', ['1', '2']),
          {
            field_source: 'ethereum_calldata',
            field: 'transfer.amount',
            operator: 'gt',
            value: 'lots',
            abi: [{ type: 'function', name: 'transfer' }],
          },
        ]),
      ),
    ).toEqual([
      '0.value: Expected an address: 0x and 40 hex digits',
      '1.value: Expected a whole number (decimal digits)',
      "2.value: Expected a list of values for 'in'",
      "3.value: Expected one value; use 'in' for a list",
      '4.value: Expected a whole number to compare with',
    ])
    expect(
      issues(
        policy('solana', [
          {
            field_source: 'solana_system_program_instruction',
            field: 'Transfer.to',
            operator: 'eq',
            value: `0x${'a'.repeat(40)}`,
          },
        ]),
      ),
    ).toEqual(['0.value: Expected a Solana address (base58)'])
  })
})
