import { SIWE_MESSAGE_MAX_LENGTH } from '@foyer/protocol'
import { checksumAddress } from 'viem'
import { solanaPublicKey } from './solanaPublicKey'

/**
 * Strict parsers of the two sign-in message formats (docs/security.md properties 41, 43):
 * - Sign-In with Ethereum, ERC-4361, to its ABNF: fixed line and field order, EIP-55 address, Version 1,
 *   RFC 3986 authority / URI / pchar, RFC 3339 date-times (calendar-checked), LF line endings only;
 * - Sign-In with Solana, the wallet-standard `createSignInMessageText` layout, with URI, Version, Nonce and
 *   Issued At required here, Chain ID optional.
 * Nothing is tolerated: an unknown line, a missing line, a trailing LF or a CR fails.
 * The formats: ERC-4361 for SIWE, the wallet-standard `solana:signIn` text for SIWS (docs/security.md
 * properties 41, 43).
 */

/** A message that does not follow the format; `reason` says which part. */
export class SignInMessageError extends Error {
  override name = 'SignInMessageError'
}

export type ParsedSignInMessage = {
  /** The optional `scheme://` prefix of the first line (SIWE only), without `://`. */
  scheme?: string
  /** RFC 3986 authority (`host[:port]`, possibly with userinfo). */
  domain: string
  /** EIP-55 (SIWE) or base58 (SIWS) address, as written. */
  address: string
  statement?: string
  uri: string
  version: '1'
  /** SIWE: decimal EIP-155 chain id; SIWS: `mainnet` or `solana:mainnet` when present. */
  chainId?: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
  /** The three times in ms since epoch. */
  times: { issuedAt: number; expirationTime?: number; notBefore?: number }
}

export type SignInFamily = 'ethereum' | 'solana'

// RFC 3986 building blocks.
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`
// IP-literal: IPv6 (hex groups and colons, optionally an embedded IPv4), validated further by URL below.
const IP_LITERAL = '\\[[0-9A-Fa-f:.]+\\]'
// reg-name restricted to DNS host names (letters, digits, hyphens, dots), as the ERC-4361 reference does.
const HOSTNAME =
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*'
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`
const AUTHORITY = new RegExp(`^(?:${USERINFO}@)?(?:${IP_LITERAL}|${IPV4}|${HOSTNAME})(?::[0-9]{1,5})?$`)
const URI_CHARS = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*$`)
const PCHARS = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})*$`)
/** ERC-4361 `statement = *( reserved / unreserved / " " )`. */
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]+$`)
const NONCE = /^[A-Za-z0-9]{8,}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/

/** True when `value` is an RFC 3986 authority whose host is an IP address or a DNS name. */
export function isAuthority(value: string): boolean {
  return AUTHORITY.test(value)
}

/**
 * True when `value` is an absolute RFC 3986 URI (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`):
 * a scheme, then only URI characters, valid percent-encodings, at most one `#`, brackets only around an
 * IP-literal host, and an authority (after `//`) that {@link isAuthority} accepts.
 */
export function isAbsoluteUri(value: string): boolean {
  const colon = value.indexOf(':')
  if (colon < 1 || !SCHEME.test(value.slice(0, colon))) return false
  const rest = value.slice(colon + 1)
  if (!URI_CHARS.test(rest)) return false
  const hash = rest.indexOf('#')
  if (hash !== -1 && rest.indexOf('#', hash + 1) !== -1) return false
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/)
    const authority = end === -1 ? rest.slice(2) : rest.slice(2, 2 + end)
    const tail = end === -1 ? '' : rest.slice(2 + end)
    if (/[[\]]/.test(tail)) return false
    // An empty authority is allowed by RFC 3986 (`file:///x`).
    if (authority !== '' && !isAuthority(authority)) return false
  } else if (/[[\]]/.test(rest)) return false
  return true
}

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/**
 * Milliseconds since epoch of an RFC 3339 `date-time` (e.g. `2021-09-30T16:25:24.000Z`,
 * `2021-09-30T18:25:24+02:00`), or null when `value` is not one or names an impossible date or time
 * (month 13, February 30, hour 24, second 60, offset hour 24).
 */
export function parseDateTime(value: string): number | null {
  const match = DATE_TIME.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour > 23 || minute > 59 || second > 59) return null
  const fraction = match[7] ? Number(`0${match[7]}`) : 0
  let offsetMinutes = 0
  const zone = match[8] as string
  if (zone !== 'Z' && zone !== 'z') {
    const offsetHours = Number(zone.slice(1, 3))
    const offsetMins = Number(zone.slice(4, 6))
    if (offsetHours > 23 || offsetMins > 59) return null
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins)
  }
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, Math.floor(fraction * 1000))
  return date.getTime() - offsetMinutes * 60_000
}

/** The optional/required `Label: value` lines after the statement, in their fixed order. */
type FieldSpec = {
  key: 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'requestId'
  label: string
  required: boolean
}

const fieldOrder = (family: SignInFamily): FieldSpec[] => [
  { key: 'uri', label: 'URI: ', required: true },
  { key: 'version', label: 'Version: ', required: true },
  { key: 'chainId', label: 'Chain ID: ', required: family === 'ethereum' },
  { key: 'nonce', label: 'Nonce: ', required: true },
  { key: 'issuedAt', label: 'Issued At: ', required: true },
  { key: 'expirationTime', label: 'Expiration Time: ', required: false },
  { key: 'notBefore', label: 'Not Before: ', required: false },
  { key: 'requestId', label: 'Request ID: ', required: false },
]

function fail(reason: string): never {
  throw new SignInMessageError(reason)
}

/**
 * Parses a sign-in message of `family` ('ethereum' = ERC-4361 SIWE, 'solana' = SIWS). Throws
 * {@link SignInMessageError} with the reason on any deviation from the format (see the module comment).
 *
 * @example parseSignInMessage(message, 'ethereum').nonce
 */
export function parseSignInMessage(message: string, family: SignInFamily): ParsedSignInMessage {
  if (message.length > SIWE_MESSAGE_MAX_LENGTH) fail(`longer than ${SIWE_MESSAGE_MAX_LENGTH} characters`)
  if (message.includes('\r')) fail('carriage return (use LF line endings)')
  const lines = message.split('\n')
  const account = family === 'ethereum' ? 'Ethereum' : 'Solana'
  const suffix = ` wants you to sign in with your ${account} account:`
  const header = lines[0] as string
  if (!header.endsWith(suffix)) fail(`first line must end with '${suffix}'`)
  let domain = header.slice(0, -suffix.length)
  let scheme: string | undefined
  const schemeEnd = domain.indexOf('://')
  if (schemeEnd !== -1) {
    if (family === 'solana') fail('a scheme before the domain is not allowed')
    scheme = domain.slice(0, schemeEnd)
    if (!SCHEME.test(scheme)) fail('invalid scheme')
    domain = domain.slice(schemeEnd + 3)
  }
  if (!domain) fail('missing domain')
  if (!isAuthority(domain)) fail('domain is not an RFC 3986 authority')

  const address = lines[1]
  if (address === undefined || address === '') fail('missing address')
  if (family === 'ethereum') {
    if (!EVM_ADDRESS.test(address)) fail('address is not 0x and 40 hex digits')
    if (checksumAddress(address.toLowerCase() as `0x${string}`) !== address)
      fail('address is not EIP-55 checksummed')
  } else {
    if (!BASE58_ADDRESS.test(address)) fail('address is not base58')
    if (solanaPublicKey(address) === null) fail('address is not a 32-byte public key')
  }
  if (lines[2] !== '') fail('expected an empty line after the address')

  // Statement: SIWE `LF [statement LF] LF`; SIWS `[LF LF statement] LF LF fields`.
  let index: number
  let statement: string | undefined
  if (family === 'ethereum') {
    if (lines[3] === '') index = 4
    else {
      statement = lines[3]
      if (lines[4] !== '') fail('expected an empty line after the statement')
      index = 5
    }
  } else if (lines[3] !== undefined && lines[3] !== '' && lines[4] === '') {
    statement = lines[3]
    index = 5
  } else index = 3
  if (statement !== undefined && !STATEMENT.test(statement))
    fail('statement has characters outside RFC 3986 reserved, unreserved and space')

  const fields: Partial<Record<FieldSpec['key'], string>> = {}
  for (const spec of fieldOrder(family)) {
    const line = lines[index]
    if (line?.startsWith(spec.label)) {
      fields[spec.key] = line.slice(spec.label.length)
      index += 1
    } else if (spec.required) fail(`missing or misplaced '${spec.label.trim()}' line`)
  }
  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    resources = []
    index += 1
    while (index < lines.length && (lines[index] as string).startsWith('- ')) {
      resources.push((lines[index] as string).slice(2))
      index += 1
    }
  }
  if (index < lines.length) fail(`unexpected line ${index + 1}: '${(lines[index] as string).slice(0, 40)}'`)

  const { uri, version, chainId, nonce, issuedAt, expirationTime, notBefore, requestId } = fields as Record<
    FieldSpec['key'],
    string | undefined
  >
  if (!uri || !isAbsoluteUri(uri)) fail('URI is not an RFC 3986 URI')
  if (version !== '1') fail('Version must be 1')
  if (family === 'ethereum') {
    if (!chainId || !/^[1-9][0-9]{0,15}$/.test(chainId)) fail('Chain ID is not an EIP-155 chain id')
  } else if (chainId !== undefined && chainId !== 'mainnet' && chainId !== 'solana:mainnet')
    fail('Chain ID must be mainnet')
  if (!nonce || !NONCE.test(nonce)) fail('Nonce must be at least 8 letters or digits')
  const issuedAtMs = parseDateTime(issuedAt as string)
  if (issuedAtMs === null) fail('Issued At is not an RFC 3339 date-time')
  const times: ParsedSignInMessage['times'] = { issuedAt: issuedAtMs }
  if (expirationTime !== undefined) {
    const ms = parseDateTime(expirationTime)
    if (ms === null) fail('Expiration Time is not an RFC 3339 date-time')
    times.expirationTime = ms
  }
  if (notBefore !== undefined) {
    const ms = parseDateTime(notBefore)
    if (ms === null) fail('Not Before is not an RFC 3339 date-time')
    times.notBefore = ms
  }
  if (requestId !== undefined && !PCHARS.test(requestId))
    fail('Request ID has characters outside RFC 3986 pchar')
  for (const resource of resources ?? [])
    if (!isAbsoluteUri(resource)) fail(`resource '${resource.slice(0, 40)}' is not an RFC 3986 URI`)

  return {
    ...(scheme !== undefined ? { scheme } : {}),
    domain,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version: '1',
    ...(chainId !== undefined ? { chainId } : {}),
    nonce,
    issuedAt: issuedAt as string,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
    times,
  }
}
