/** Readers of the environment variables that are more than one value (addresses, lists, JSON). */
import type { z } from 'zod'

/** Whether `host` (the `HOST` the server listens on) is a loopback address. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * Parses `FOYER_TRUST_PROXY` (see {@link ServerConfig.trustProxy}): `true`/`false`, a hop count, or
 * comma-separated addresses and CIDRs. Throws `Error` naming the variable on an empty list.
 *
 * @example parseTrustProxy('1') // 1
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] | undefined {
  if (value === undefined || value === 'false') return undefined
  if (value === 'true') return true
  if (/^[0-9]{1,2}$/.test(value)) return Number(value)
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (list.length === 0 || list.some((part) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part)))
    throw new Error(
      `Invalid environment:\n  FOYER_TRUST_PROXY: expected true, a hop count or comma-separated addresses/CIDRs, got '${value}'`,
    )
  return list
}

/**
 * Parses `FOYER_EVM_RPC_URLS`: comma-separated `<chain id>=<http(s) URL>` pairs. Throws `Error` naming the
 * variable on a malformed pair.
 *
 * @example parseEvmRpcUrls('31337=http://127.0.0.1:8545') // { 31337: 'http://127.0.0.1:8545' }
 */
export function parseEvmRpcUrls(value: string | undefined): Record<number, string> {
  const urls: Record<number, string> = {}
  for (const pair of (value ?? '').split(',').map((part) => part.trim())) {
    if (!pair) continue
    const match = /^([1-9][0-9]{0,15})=(https?:\/\/\S+)$/.exec(pair)
    if (!match || !URL.canParse(match[2] as string))
      throw new Error(
        `Invalid environment:\n  FOYER_EVM_RPC_URLS: expected <chainId>=<http(s) URL>, got '${pair}'`,
      )
    urls[Number(match[1])] = match[2] as string
  }
  return urls
}

/**
 * Parses `FOYER_SOLANA_RPC_URLS`: comma-separated `solana:<genesis hash prefix>=<http(s) URL>` pairs (the
 * clusters delegated actions send on). Throws `Error` naming the variable on a malformed pair.
 *
 * @example parseSolanaRpcUrls('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp=https://api.mainnet-beta.solana.com')
 */
export function parseSolanaRpcUrls(value: string | undefined): Record<string, string> {
  const urls: Record<string, string> = {}
  for (const pair of (value ?? '').split(',').map((part) => part.trim())) {
    if (!pair) continue
    const match = /^(solana:[1-9A-HJ-NP-Za-km-z]{32})=(https?:\/\/\S+)$/.exec(pair)
    if (!match || !URL.canParse(match[2] as string))
      throw new Error(
        `Invalid environment:\n  FOYER_SOLANA_RPC_URLS: expected solana:<genesis hash prefix>=<http(s) URL>, got '${pair}'`,
      )
    urls[match[1] as string] = match[2] as string
  }
  return urls
}

/**
 * The JSON value of the environment variable `name`, checked by `schema`; undefined when unset. Throws
 * `Error` naming the variable when it is not JSON or not that shape.
 */
export function parseJsonVariable<Schema extends z.ZodType>(
  name: string,
  value: string | undefined,
  schema: Schema,
): z.output<Schema> | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error(`Invalid environment:\n  ${name}: not JSON`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `Invalid environment:\n  ${name}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`,
    )
  }
  return parsed.data
}
