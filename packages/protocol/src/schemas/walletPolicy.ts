import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * A wallet policy: what an app may do with a user's wallet on its own (docs/wallet-policies.md). Rules of
 * conditions; a request that meets every condition of a rule gets the rule's action; DENY beats ALLOW, and a
 * request no rule matches is denied. The JSON is the reference policy shape (`version`, `name`,
 * `chain_type`, `rules[{ name, method, action, conditions[{ field_source, field, operator, value }] }]`).
 */

/** The comparison a condition makes: numbers compare as integers, addresses case-insensitively. */
export const policyOperators = ['eq', 'gt', 'gte', 'lt', 'lte', 'in'] as const
export type PolicyOperator = (typeof policyOperators)[number]

/** The signing methods a rule can name; `*` matches every method. */
export const policyMethods = [
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_signTypedData_v4',
  'personal_sign',
  'signAndSendTransaction',
  'signTransaction',
  'signMessage',
  '*',
] as const
export type PolicyMethod = (typeof policyMethods)[number]

/** A compared value: a string (decimal integers as strings: wei, lamports, chain ids) or, for `in`, a list. */
const conditionValue = z.union([z.string().max(256), z.array(z.string().max(256)).min(1).max(100)])

const condition = <Source extends string, Field extends z.ZodType<string>>(source: Source, field: Field) =>
  z.object({
    field_source: z.literal(source),
    field,
    operator: z.enum(policyOperators),
    value: conditionValue,
  })

/** An ABI as JSON (function fragments), to decode calldata with (viem's `decodeFunctionData`). */
const abiSchema = z.array(z.record(z.string(), z.unknown())).min(1).max(100)

/** The fields whose values are integers (wei, lamports, chain ids, Unix seconds) and those that are addresses. */
const integerFields = new Set(['value', 'chain_id', 'chainId', 'current_unix_timestamp', 'Transfer.lamports'])
const ethereumAddressFields = new Set(['to', 'verifyingContract'])
const solanaAddressFields = new Set(['programId', 'Transfer.from', 'Transfer.to'])
const INTEGER = /^(0|[1-9][0-9]{0,77})$/
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * What a condition's value must be for its field to ever match: decimal integers for amounts, chain ids and
 * times, addresses for addresses (0x and 40 hex digits; base58 on Solana); one value for `gt`/`gte`/`lt`/
 * `lte`, a list for `in`. A value of the wrong kind would silently never match, so it is refused instead.
 */
function checkConditionValue(
  condition: { field: string; operator: PolicyOperator; value: string | string[] },
  issues: { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[] }): void },
) {
  const values = Array.isArray(condition.value) ? condition.value : [condition.value]
  if (condition.operator === 'in' && !Array.isArray(condition.value))
    issues.addIssue({ code: 'custom', message: "Expected a list of values for 'in'", path: ['value'] })
  if (condition.operator !== 'in' && Array.isArray(condition.value))
    issues.addIssue({ code: 'custom', message: "Expected one value; use 'in' for a list", path: ['value'] })
  const [pattern, message] = integerFields.has(condition.field)
    ? [INTEGER, 'Expected a whole number (decimal digits)']
    : ethereumAddressFields.has(condition.field)
      ? [ETHEREUM_ADDRESS, 'Expected an address: 0x and 40 hex digits']
      : solanaAddressFields.has(condition.field)
        ? [SOLANA_ADDRESS, 'Expected a Solana address (base58)']
        : [null, '']
  if (pattern && !values.every((value) => pattern.test(value)))
    issues.addIssue({ code: 'custom', message, path: ['value'] })
  else if (
    !pattern &&
    ['gt', 'gte', 'lt', 'lte'].includes(condition.operator) &&
    !INTEGER.test(values[0] ?? '')
  )
    issues.addIssue({ code: 'custom', message: 'Expected a whole number to compare with', path: ['value'] })
}

export const policyConditionSchema = z
  .discriminatedUnion('field_source', [
    /** The transaction's `to` (address), `value` (wei) or `chain_id`. */
    condition('ethereum_transaction', z.enum(['to', 'value', 'chain_id'])),
    /** An argument of the called function, `<function>.<argument>` (e.g. `transfer.to`), decoded with `abi`. */
    condition('ethereum_calldata', z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z0-9_]+$/)).extend({
      abi: abiSchema,
    }),
    /** The EIP-712 domain's `chainId` or `verifyingContract`. */
    condition('ethereum_typed_data_domain', z.enum(['chainId', 'verifyingContract'])),
    /** Every instruction's program id (Solana). */
    condition('solana_program_instruction', z.literal('programId')),
    /** A System Program transfer's `Transfer.from`, `Transfer.to` or `Transfer.lamports`. */
    condition(
      'solana_system_program_instruction',
      z.enum(['Transfer.from', 'Transfer.to', 'Transfer.lamports']),
    ),
    /** The time of the request, Unix seconds: an expiry is `lte` a time. */
    condition('system', z.literal('current_unix_timestamp')),
  ])
  .superRefine((condition, context) => checkConditionValue(condition, context))
export type PolicyCondition = z.infer<typeof policyConditionSchema>

export const policyRuleSchema = z.object({
  name: z.string().min(1).max(100),
  method: z.enum(policyMethods),
  action: z.enum(['ALLOW', 'DENY']),
  conditions: z.array(policyConditionSchema).max(20),
})
export type PolicyRule = z.infer<typeof policyRuleSchema>

export const walletPolicySchema = z.object({
  version: z.literal('1.0'),
  name: z.string().min(1).max(100),
  chain_type: z.enum(['ethereum', 'solana']),
  rules: z.array(policyRuleSchema).max(50),
})
export type WalletPolicy = z.infer<typeof walletPolicySchema>
