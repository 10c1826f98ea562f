import type { PolicyCondition, PolicyMethod, PolicyRule, WalletPolicy } from '@foyer/protocol'
import { type Abi, decodeFunctionData, type Hex, isAddress } from 'viem'

/** A System Program transfer of a Solana transaction, its keys base58 and its amount in lamports. */
export type SolanaSystemTransfer = { from: string; to: string; lamports: bigint }

/**
 * What the app asks to sign, as the policy engine reads it (docs/wallet-policies.md#requests): the method,
 * the chain type, the time (Unix seconds), and per method the transaction (`to`, `value` in wei, `chainId`,
 * calldata), the EIP-712 domain, or the Solana instructions (program ids, decoded System transfers).
 */
export type PolicyRequest = {
  method: Exclude<PolicyMethod, '*'>
  chainType: 'ethereum' | 'solana'
  nowSeconds: number
  ethereumTransaction?: { to?: string | undefined; value?: bigint; chainId?: number; data?: Hex | undefined }
  typedDataDomain?: { chainId?: number | bigint | undefined; verifyingContract?: string | undefined }
  solanaInstructions?: readonly { programId: string; systemTransfer?: SolanaSystemTransfer }[]
}

/** The policy's answer: allowed by a rule, or denied by a rule or for want of one, with the reason in words. */
export type PolicyDecision =
  | { decision: 'ALLOW'; rule: string }
  | { decision: 'DENY'; rule: string | null; reason: string }

/**
 * Decides a request against a wallet policy (docs/wallet-policies.md#evaluation): the rules whose method is the
 * request's (or `*`) and all of whose conditions hold match; a matching DENY rule wins over every ALLOW, an
 * ALLOW otherwise allows, and a request no rule matches — or of another chain type than the policy's — is
 * denied. A condition that cannot be read from the request (calldata of another function or that does not
 * decode, a field the method has no value for) does not hold. Pure: no I/O.
 */
export function evaluatePolicy(policy: WalletPolicy, request: PolicyRequest): PolicyDecision {
  if (policy.chain_type !== request.chainType)
    return {
      decision: 'DENY',
      rule: null,
      reason: `The policy is for ${policy.chain_type} wallets, not ${request.chainType}.`,
    }
  const matching = policy.rules.filter(
    (rule) =>
      (rule.method === '*' || rule.method === request.method) &&
      rule.conditions.every((condition) => holds(condition, request)),
  )
  const denied = matching.find((rule) => rule.action === 'DENY')
  if (denied) return { decision: 'DENY', rule: denied.name, reason: `Denied by the rule '${denied.name}'.` }
  const allowed = matching.find((rule: PolicyRule) => rule.action === 'ALLOW')
  if (allowed) return { decision: 'ALLOW', rule: allowed.name }
  return {
    decision: 'DENY',
    rule: null,
    reason: `No rule of the policy '${policy.name}' allows this request.`,
  }
}

/** Whether one condition holds for the request. */
function holds(condition: PolicyCondition, request: PolicyRequest): boolean {
  const compare = (actual: unknown) =>
    actual !== undefined && compares(actual, condition.operator, condition.value)
  switch (condition.field_source) {
    case 'ethereum_transaction': {
      const transaction = request.ethereumTransaction
      if (!transaction) return false
      const field = condition.field
      return compare(field === 'chain_id' ? transaction.chainId : transaction[field])
    }
    case 'ethereum_calldata':
      return compare(
        calldataArgument(condition.abi as unknown as Abi, condition.field, request.ethereumTransaction?.data),
      )
    case 'ethereum_typed_data_domain':
      return compare(request.typedDataDomain?.[condition.field])
    case 'solana_program_instruction': {
      const instructions = request.solanaInstructions ?? []
      return instructions.length > 0 && instructions.every((instruction) => compare(instruction.programId))
    }
    case 'solana_system_program_instruction': {
      const transfers = (request.solanaInstructions ?? []).flatMap((instruction) =>
        instruction.systemTransfer ? [instruction.systemTransfer] : [],
      )
      const key = condition.field.slice('Transfer.'.length) as keyof SolanaSystemTransfer
      return transfers.length > 0 && transfers.every((transfer) => compare(transfer[key]))
    }
    case 'system':
      return compare(request.nowSeconds)
  }
}

/** The argument `<function>.<argument>` of `data` decoded with `abi`; undefined for another function or bad data. */
function calldataArgument(abi: Abi, field: string, data: Hex | undefined): unknown {
  if (!data) return undefined
  const [functionName, argumentName] = field.split('.') as [string, string]
  let decoded: { functionName: string; args?: readonly unknown[] | undefined }
  try {
    decoded = decodeFunctionData({ abi, data })
  } catch {
    return undefined
  }
  if (decoded.functionName !== functionName) return undefined
  const item = abi.find((entry) => entry.type === 'function' && entry.name === functionName)
  const inputs = item && 'inputs' in item ? item.inputs : []
  const index = inputs.findIndex((input, position) => (input.name || String(position)) === argumentName)
  return index === -1 ? undefined : decoded.args?.[index]
}

const INTEGER = /^(0|[1-9][0-9]*)$/

/**
 * `actual operator expected`: integers (bigint, number, or decimal strings) compare as integers, addresses
 * case-insensitively, other strings exactly; `gt`/`gte`/`lt`/`lte` hold only between integers; `in` holds when
 * any listed value equals.
 */
function compares(
  actual: unknown,
  operator: PolicyCondition['operator'],
  expected: string | string[],
): boolean {
  if (operator === 'in')
    return (Array.isArray(expected) ? expected : [expected]).some((one) => equals(actual, one))
  if (Array.isArray(expected)) return false
  if (operator === 'eq') return equals(actual, expected)
  const left = integer(actual)
  const right = integer(expected)
  if (left === undefined || right === undefined) return false
  if (operator === 'gt') return left > right
  if (operator === 'gte') return left >= right
  if (operator === 'lt') return left < right
  return left <= right
}

function equals(actual: unknown, expected: string): boolean {
  const left = integer(actual)
  const right = integer(expected)
  if (left !== undefined && right !== undefined) return left === right
  if (typeof actual !== 'string') return false
  if (isAddress(actual, { strict: false }) && isAddress(expected, { strict: false }))
    return actual.toLowerCase() === expected.toLowerCase()
  return actual === expected
}

/** An integer value as a bigint: a bigint, a safe integer number, or a decimal string; else undefined. */
function integer(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && INTEGER.test(value)) return BigInt(value)
  return undefined
}
