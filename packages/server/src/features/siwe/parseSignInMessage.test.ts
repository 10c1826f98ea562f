import { generateKeyPairSync, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import parsingVectors from './fixtures/spruceid-parsing.json'
import verificationVectors from './fixtures/spruceid-verification.json'
import { isAbsoluteUri, parseDateTime, parseSignInMessage, SignInMessageError } from './parseSignInMessage'
import type { SiweContext } from './SiweContext'
import { checkSignInMessage, verifyEthereumSignature, verifySolanaSignature } from './service'
import { solanaPublicKey } from './solanaPublicKey'

type VectorFields = {
  domain: string
  address: string
  statement?: string
  uri: string
  version: string
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** ERC-4361 text of spruceid verification fields (the reference `prepareMessage`), times kept verbatim. */
function buildSiwe(fields: VectorFields): string {
  const lines = [`${fields.domain} wants you to sign in with your Ethereum account:`, fields.address, '']
  if (fields.statement) lines.push(fields.statement, '')
  else lines.push('')
  lines.push(
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  )
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}

const noRpc = { evmRpcUrls: {} } as unknown as SiweContext

describe('ERC-4361 parsing (spruceid/siwe vectors; docs/security.md property 41)', () => {
  for (const [name, vector] of Object.entries(parsingVectors.positive))
    test(`positive: ${name}`, () => {
      const parsed = parseSignInMessage(vector.message, 'ethereum')
      const { times: _times, ...fields } = parsed
      expect(fields).toEqual(vector.fields)
    })
  for (const [name, message] of Object.entries(parsingVectors.negative))
    test(`negative: ${name}`, () => {
      expect(() => parseSignInMessage(message, 'ethereum')).toThrow(SignInMessageError)
    })
})

describe('strict ERC-4361 parse: more than the vectors', () => {
  const base = {
    domain: 'localhost:5173',
    address: '0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
    uri: 'http://localhost:5173',
    version: '1',
    chainId: 1,
    nonce: 'abcdef0123456789',
    issuedAt: '2030-01-01T00:00:00.000Z',
  } satisfies VectorFields

  test('default: viem createSiweMessage output parses to the same fields, with and without the optionals', () => {
    const minimal = createSiweMessage({
      ...base,
      address: base.address as `0x${string}`,
      issuedAt: new Date(base.issuedAt),
      version: '1',
    })
    expect(parseSignInMessage(minimal, 'ethereum')).toMatchObject({
      domain: 'localhost:5173',
      nonce: base.nonce,
      chainId: '1',
    })
    const full = createSiweMessage({
      ...base,
      version: '1',
      address: base.address as `0x${string}`,
      scheme: 'http',
      statement: 'Sign in to Foyer',
      issuedAt: new Date(base.issuedAt),
      expirationTime: new Date('2030-01-01T00:10:00.000Z'),
      notBefore: new Date('2029-12-31T23:59:00.000Z'),
      requestId: 'req-1',
      resources: ['https://example.com/a', 'ipfs://Qm'],
    })
    expect(parseSignInMessage(full, 'ethereum')).toMatchObject({
      scheme: 'http',
      statement: 'Sign in to Foyer',
      requestId: 'req-1',
      resources: ['https://example.com/a', 'ipfs://Qm'],
      times: {
        issuedAt: Date.parse(base.issuedAt),
        expirationTime: Date.parse('2030-01-01T00:10:00.000Z'),
        notBefore: Date.parse('2029-12-31T23:59:00.000Z'),
      },
    })
  })

  const good = buildSiwe(base)
  const cases: Array<[string, string]> = [
    ['CRLF line endings', good.replaceAll('\n', '\r\n')],
    ['a trailing newline', `${good}\n`],
    ['an unknown extra line', `${good}\nFoo: bar`],
    ['Version 2', good.replace('Version: 1', 'Version: 2')],
    ['Version 1.0', good.replace('Version: 1', 'Version: 1.0')],
    ['a mixed-case address with a wrong checksum', good.replace('0x9D85ca', '0x9d85Ca')],
    ['an all-upper-case address', good.replace(base.address, `0x${base.address.slice(2).toUpperCase()}`)],
    ['Chain ID with a leading zero', good.replace('Chain ID: 1', 'Chain ID: 01')],
    ['a CAIP-2 Chain ID', good.replace('Chain ID: 1', 'Chain ID: eip155:1')],
    ['a 7-character nonce', good.replace(base.nonce, 'abc1234')],
    ['a nonce with a dash', good.replace(base.nonce, 'abcd-efgh-1234')],
    ['February 30', good.replace(base.issuedAt, '2030-02-30T00:00:00.000Z')],
    ['hour 24', good.replace(base.issuedAt, '2030-01-01T24:00:00.000Z')],
    ['no time zone', good.replace(base.issuedAt, '2030-01-01T00:00:00')],
    ['a date only', good.replace(base.issuedAt, '2030-01-01')],
    ['a non-ASCII statement', buildSiwe({ ...base, statement: 'Sign in ✓' })],
    ['a statement with a double quote', buildSiwe({ ...base, statement: 'say "hi"' })],
    ['Request ID with a space', buildSiwe({ ...base, requestId: 'a b' })],
    ['the Solana header', good.replace('Ethereum account', 'Solana account')],
    ['a space before the header suffix', good.replace(' wants', '  wants')],
    ['a domain with a path', good.replace('localhost:5173 wants', 'localhost:5173/x wants')],
    [
      'a bad percent-encoding in the URI',
      good.replace('URI: http://localhost:5173', 'URI: http://localhost:5173/%zz'),
    ],
  ]
  for (const [name, message] of cases)
    test(`error: ${name} is rejected`, () => {
      expect(() => parseSignInMessage(message, 'ethereum')).toThrow(SignInMessageError)
    })

  test('boundary: 4096 characters parse, 4097 do not (SIWE_MESSAGE_MAX_LENGTH)', () => {
    const padded = (length: number) => {
      const message = buildSiwe({ ...base, requestId: '' })
      return message + 'x'.repeat(length - message.length)
    }
    expect(parseSignInMessage(padded(4096), 'ethereum').requestId).toHaveLength(
      4096 - buildSiwe({ ...base, requestId: '' }).length,
    )
    expect(() => parseSignInMessage(padded(4097), 'ethereum')).toThrow(/longer than 4096/)
  })

  test('default: RFC 3339 times with offsets and lower-case t/z are read correctly', () => {
    expect(parseDateTime('2021-09-30T18:25:24+02:00')).toBe(Date.parse('2021-09-30T16:25:24Z'))
    expect(parseDateTime('2021-09-30t16:25:24.5z')).toBe(Date.parse('2021-09-30T16:25:24.500Z'))
    expect(parseDateTime('2024-02-29T00:00:00Z')).toBe(Date.parse('2024-02-29T00:00:00Z'))
    expect(parseDateTime('2023-02-29T00:00:00Z')).toBeNull()
    expect(parseDateTime('2020-02-32T00:00:00.000Z')).toBeNull()
  })

  test('default: URIs', () => {
    expect(isAbsoluteUri('https://service.org/login?a=1#x')).toBe(true)
    expect(isAbsoluteUri('http://[::1]:8080/')).toBe(true)
    expect(isAbsoluteUri('urn:ietf:rfc:3986')).toBe(true)
    expect(isAbsoluteUri('_not_a_rfc3986_valid_uri_')).toBe(false)
    expect(isAbsoluteUri('https://a.b/ c')).toBe(false)
    expect(isAbsoluteUri('https://a.b/#x#y')).toBe(false)
  })
})

describe('SIWS parsing (docs/security.md property 43)', () => {
  const { publicKey } = generateKeyPairSync('ed25519')
  const address = base58.encode(publicKey.export({ format: 'der', type: 'spki' }).subarray(12))
  const input = {
    domain: 'localhost:5173',
    address,
    uri: 'http://localhost:5173',
    version: '1',
    chainId: 'mainnet',
    nonce: 'abcdef0123456789',
    issuedAt: '2030-01-01T00:00:00.000Z',
  }

  test('default: wallet-standard createSignInMessageText output parses, with and without statement', () => {
    const plain = createSignInMessageText(input)
    expect(plain).toContain(`${address}\n\nURI: `)
    expect(parseSignInMessage(plain, 'solana')).toMatchObject({
      address,
      chainId: 'mainnet',
      nonce: input.nonce,
    })
    const withStatement = createSignInMessageText({
      ...input,
      statement: 'Sign in to Foyer',
      expirationTime: '2030-01-01T00:10:00.000Z',
      notBefore: '2029-12-31T23:59:00.000Z',
      requestId: 'r1',
      resources: ['https://example.com/a'],
    })
    expect(parseSignInMessage(withStatement, 'solana')).toMatchObject({
      statement: 'Sign in to Foyer',
      requestId: 'r1',
      resources: ['https://example.com/a'],
    })
    const { chainId: _chainId, ...noChain } = input
    expect(parseSignInMessage(createSignInMessageText(noChain), 'solana').chainId).toBeUndefined()
    expect(
      parseSignInMessage(createSignInMessageText({ ...input, chainId: 'solana:mainnet' }), 'solana').chainId,
    ).toBe('solana:mainnet')
  })

  const { nonce: _n, ...withoutNonce } = input
  const { uri: _u, ...withoutUri } = input
  const { issuedAt: _i, ...withoutIssuedAt } = input
  const { version: _v, ...withoutVersion } = input
  const cases: Array<[string, string]> = [
    ['chain devnet (spec §9: mainnet only)', createSignInMessageText({ ...input, chainId: 'devnet' })],
    ['chain solana:devnet', createSignInMessageText({ ...input, chainId: 'solana:devnet' })],
    ['no nonce', createSignInMessageText(withoutNonce)],
    ['no URI', createSignInMessageText(withoutUri)],
    ['no Issued At', createSignInMessageText(withoutIssuedAt)],
    ['no Version', createSignInMessageText(withoutVersion)],
    ['Version 2', createSignInMessageText({ ...input, version: '2' })],
    [
      'an address that is not base58',
      createSignInMessageText({ ...input, address: `${address.slice(0, -1)}0` }),
    ],
    [
      'an address of 31 bytes',
      createSignInMessageText({ ...input, address: base58.encode(new Uint8Array(31).fill(7)) }),
    ],
    ['the Ethereum header', createSignInMessageText(input).replace('Solana account', 'Ethereum account')],
    ['a scheme before the domain', `http://${createSignInMessageText(input)}`],
    [
      'out-of-order fields',
      createSignInMessageText(input).replace(
        /Version: 1\nChain ID: mainnet/,
        'Chain ID: mainnet\nVersion: 1',
      ),
    ],
    ['a trailing newline', `${createSignInMessageText(input)}\n`],
  ]
  for (const [name, message] of cases)
    test(`error: ${name} is rejected`, () => {
      expect(() => parseSignInMessage(message, 'solana')).toThrow(SignInMessageError)
    })

  test('default: ed25519 signature over the UTF-8 text verifies; another message, key or a flipped bit does not', () => {
    const { publicKey: pub, privateKey } = generateKeyPairSync('ed25519')
    const signer = base58.encode(pub.export({ format: 'der', type: 'spki' }).subarray(12))
    const message = createSignInMessageText({ ...input, address: signer })
    const signature = sign(null, Buffer.from(message, 'utf8'), privateKey)
    const signatureBase64 = signature.toString('base64')
    expect(verifySolanaSignature({ address: signer, message, signatureBase64 })).toBe(true)
    expect(verifySolanaSignature({ address: signer, message: `${message} `, signatureBase64 })).toBe(false)
    expect(verifySolanaSignature({ address, message, signatureBase64 })).toBe(false)
    const flipped = Buffer.from(signature)
    flipped[10] = (flipped[10] as number) ^ 1
    expect(
      verifySolanaSignature({ address: signer, message, signatureBase64: flipped.toString('base64') }),
    ).toBe(false)
    expect(verifySolanaSignature({ address: signer, message, signatureBase64: 'AAAA' })).toBe(false)
  })

  test('default: solanaPublicKey decodes base58 with its leading zero bytes; null for non-base58 or not 32 bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, ...new Array<number>(27).fill(7)])
    expect(solanaPublicKey(base58.encode(bytes))).toEqual(bytes)
    expect(solanaPublicKey('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(solanaPublicKey('0OIl')).toBeNull()
    expect(solanaPublicKey(base58.encode(Uint8Array.from([0, 0, 1, 2, 255])))).toBeNull()
  })
})

describe('ERC-191 verification (spruceid/siwe vectors; docs/security.md property 42)', () => {
  for (const [name, vector] of Object.entries(verificationVectors.positive))
    test(`positive: ${name}`, async () => {
      const message = buildSiwe(vector)
      const ok = await verifyEthereumSignature(noRpc, {
        address: vector.address,
        message,
        signature: vector.signature,
        chainId: 1,
      })
      expect(ok).toBe(true)
    })
  for (const [name, vector] of Object.entries(verificationVectors.negativeSignature))
    test(`negative: ${name}`, async () => {
      const ok = await verifyEthereumSignature(noRpc, {
        address: vector.address,
        message: buildSiwe(vector),
        signature: vector.signature,
        chainId: 1,
      })
      expect(ok).toBe(false)
    })
})

describe('ERC-4361 validation (spruceid/siwe vectors; docs/security.md properties 39, 40)', () => {
  for (const [name, vector] of Object.entries(verificationVectors.negativeValidation))
    test(`negative: ${name}`, () => {
      const domain = 'domainBinding' in vector ? vector.domainBinding : vector.domain
      const origin = `https://${domain}`
      // "now" is the vector's time, or just after issuedAt (so only the field under test can fail).
      const now = 'time' in vector ? Date.parse(vector.time) : Date.parse(vector.issuedAt) + 1000
      const run = () =>
        checkSignInMessage({
          family: 'ethereum',
          message: buildSiwe(vector),
          origin,
          allowedOrigins: [origin],
          chainId: '1',
          now,
        })
      if (vector.expect === 'parse') expect(run).toThrow(/Invalid SIWE message: Expiration Time/)
      else if (name === 'custom time') expect(run).toThrow(/Message is too old|Message has expired/)
      else expect(run).toThrow(vector.expect)
    })
  test('positive: the example message is valid just after it was issued at its own origin', () => {
    const vector = verificationVectors.positive['example message']
    expect(
      checkSignInMessage({
        family: 'ethereum',
        message: buildSiwe(vector),
        origin: 'https://login.xyz',
        allowedOrigins: ['https://login.xyz'],
        chainId: '1',
        now: Date.parse(vector.issuedAt) + 1000,
      }).nonce,
    ).toBe(vector.nonce)
  })
})
