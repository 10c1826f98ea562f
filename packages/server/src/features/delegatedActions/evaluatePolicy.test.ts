import { type WalletPolicy, walletPolicySchema } from '@foyer/protocol'
import { encodeFunctionData, erc20Abi, parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { evaluatePolicy, type PolicyRequest } from './evaluatePolicy'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const NOW = 1_900_000_000

/** The demo's policy: ETH sends of at most 0.01 ETH to one address on chain 31337, until `NOW + 3600`. */
const sendLimit: WalletPolicy = walletPolicySchema.parse({
  version: '1.0',
  name: 'Small sends to one address',
  chain_type: 'ethereum',
  rules: [
    {
      name: 'Send at most 0.01 ETH to the treasury',
      method: 'eth_sendTransaction',
      action: 'ALLOW',
      conditions: [
        { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: RECIPIENT.toLowerCase() },
        {
          field_source: 'ethereum_transaction',
          field: 'value',
          operator: 'lte',
          value: parseEther('0.01').toString(),
        },
        { field_source: 'ethereum_transaction', field: 'chain_id', operator: 'in', value: ['31337'] },
        {
          field_source: 'system',
          field: 'current_unix_timestamp',
          operator: 'lt',
          value: String(NOW + 3600),
        },
      ],
    },
  ],
})

const send = (overrides: Partial<NonNullable<PolicyRequest['ethereumTransaction']>> = {}, nowSeconds = NOW) =>
  ({
    method: 'eth_sendTransaction',
    chainType: 'ethereum',
    nowSeconds,
    ethereumTransaction: { to: RECIPIENT, value: parseEther('0.005'), chainId: 31337, ...overrides },
  }) satisfies PolicyRequest

describe('evaluatePolicy', () => {
  test('default: a send within every condition is allowed by its rule (addresses compare case-insensitively)', () => {
    expect(evaluatePolicy(sendLimit, send())).toEqual({
      decision: 'ALLOW',
      rule: 'Send at most 0.01 ETH to the treasury',
    })
  })

  test('error: over the value, to another address, on another chain, after the expiry, another method: denied for want of a rule', () => {
    for (const request of [
      send({ value: parseEther('0.02') }),
      send({ to: OTHER }),
      send({ chainId: 1 }),
      send({}, NOW + 3600),
      { ...send(), method: 'personal_sign' as const },
    ])
      expect(evaluatePolicy(sendLimit, request)).toEqual({
        decision: 'DENY',
        rule: null,
        reason: "No rule of the policy 'Small sends to one address' allows this request.",
      })
  })

  test('behavior: the boundary value is allowed (lte), one wei more is not', () => {
    expect(evaluatePolicy(sendLimit, send({ value: parseEther('0.01') })).decision).toBe('ALLOW')
    expect(evaluatePolicy(sendLimit, send({ value: parseEther('0.01') + 1n })).decision).toBe('DENY')
  })

  test('behavior: a matching DENY rule beats a matching ALLOW, whatever their order', () => {
    const deny = {
      name: 'Never on Sundays',
      method: '*' as const,
      action: 'DENY' as const,
      conditions: [
        {
          field_source: 'ethereum_transaction' as const,
          field: 'to' as const,
          operator: 'eq' as const,
          value: RECIPIENT,
        },
      ],
    }
    for (const rules of [
      [...sendLimit.rules, deny],
      [deny, ...sendLimit.rules],
    ])
      expect(evaluatePolicy({ ...sendLimit, rules }, send())).toEqual({
        decision: 'DENY',
        rule: 'Never on Sundays',
        reason: "Denied by the rule 'Never on Sundays'.",
      })
  })

  test('behavior: a policy of another chain type denies', () => {
    const decision = evaluatePolicy(sendLimit, {
      method: 'signAndSendTransaction',
      chainType: 'solana',
      nowSeconds: NOW,
    })
    expect(decision).toMatchObject({
      decision: 'DENY',
      reason: 'The policy is for ethereum wallets, not solana.',
    })
  })

  describe('calldata', () => {
    const policy = walletPolicySchema.parse({
      version: '1.0',
      name: 'USDC to one address',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'USDC transfers of at most 5 to the treasury',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: USDC },
            {
              field_source: 'ethereum_calldata',
              field: 'transfer.recipient',
              operator: 'eq',
              value: RECIPIENT,
              abi: erc20Abi,
            },
            {
              field_source: 'ethereum_calldata',
              field: 'transfer.amount',
              operator: 'lte',
              value: '5000000',
              abi: erc20Abi,
            },
          ],
        },
      ],
    })
    const transfer = (to: `0x${string}`, amount: bigint) =>
      send({
        to: USDC,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      })

    test('default: the decoded arguments are compared', () => {
      expect(evaluatePolicy(policy, transfer(RECIPIENT, 5_000_000n)).decision).toBe('ALLOW')
      expect(evaluatePolicy(policy, transfer(RECIPIENT, 5_000_001n)).decision).toBe('DENY')
      expect(evaluatePolicy(policy, transfer(OTHER, 1n)).decision).toBe('DENY')
    })

    test('error: another function of the same contract, or calldata that does not decode, does not match', () => {
      const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECIPIENT, 1n] })
      expect(evaluatePolicy(policy, send({ to: USDC, value: 0n, data: approve })).decision).toBe('DENY')
      expect(evaluatePolicy(policy, send({ to: USDC, value: 0n, data: '0xdeadbeef' })).decision).toBe('DENY')
      expect(evaluatePolicy(policy, send({ to: USDC, value: 0n })).decision).toBe('DENY')
    })
  })

  describe('Solana', () => {
    const SYSTEM = '11111111111111111111111111111111'
    const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
    const TREASURY = 'CktRuQ2mttgRGkXJtyksdKHjUdc2C4TgDzyB98oEzy8'
    const policy = walletPolicySchema.parse({
      version: '1.0',
      name: 'SOL to the treasury',
      chain_type: 'solana',
      rules: [
        {
          name: 'At most 1 SOL, system and compute budget only',
          method: 'signAndSendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'solana_program_instruction',
              field: 'programId',
              operator: 'in',
              value: [SYSTEM, COMPUTE_BUDGET],
            },
            {
              field_source: 'solana_system_program_instruction',
              field: 'Transfer.to',
              operator: 'eq',
              value: TREASURY,
            },
            {
              field_source: 'solana_system_program_instruction',
              field: 'Transfer.lamports',
              operator: 'lte',
              value: '1000000000',
            },
          ],
        },
      ],
    })
    const transfer = (lamports: bigint, programs: string[] = []) =>
      ({
        method: 'signAndSendTransaction',
        chainType: 'solana',
        nowSeconds: NOW,
        solanaInstructions: [
          ...programs.map((programId) => ({ programId })),
          { programId: SYSTEM, systemTransfer: { from: 'payer', to: TREASURY, lamports } },
        ],
      }) satisfies PolicyRequest

    test('default: a transfer within the limit, beside a compute-budget instruction, is allowed', () => {
      expect(evaluatePolicy(policy, transfer(1_000_000_000n, [COMPUTE_BUDGET])).decision).toBe('ALLOW')
    })

    test('error: over the lamports, or with an instruction of another program, is denied', () => {
      expect(evaluatePolicy(policy, transfer(1_000_000_001n)).decision).toBe('DENY')
      expect(
        evaluatePolicy(policy, transfer(1n, ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'])).decision,
      ).toBe('DENY')
    })
  })

  test('error: the schema refuses an unknown field source, operator or method, and a bad calldata field', () => {
    const base = { version: '1.0', name: 'p', chain_type: 'ethereum' }
    const rule = (condition: object, method = 'eth_sendTransaction') => ({
      ...base,
      rules: [{ name: 'r', method, action: 'ALLOW', conditions: [condition] }],
    })
    for (const policy of [
      rule({ field_source: 'ethereum_gas', field: 'to', operator: 'eq', value: '1' }),
      rule({ field_source: 'ethereum_transaction', field: 'to', operator: 'ne', value: '1' }),
      rule({ field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: '1' }, 'eth_sign'),
      rule({
        field_source: 'ethereum_calldata',
        field: 'transfer',
        operator: 'eq',
        value: '1',
        abi: erc20Abi,
      }),
    ])
      expect(walletPolicySchema.safeParse(policy).success).toBe(false)
  })
})
