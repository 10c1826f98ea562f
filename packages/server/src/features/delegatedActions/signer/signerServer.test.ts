import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSigner } from './createSigner'
import { generateSignerKeyPair } from './hpke'
import { httpSignerClient, SignerUnavailableError } from './httpSignerClient'
import { createSignerKeyFile, readSignerKeyFile } from './signerKeyFile'
import {
  SIGNER_NONCE_HEADER,
  SIGNER_SIGNATURE_HEADER,
  SIGNER_TIMESTAMP_HEADER,
  signerRequestNonce,
  signerRequestSignature,
} from './signerProtocol'
import { createSignerServer } from './signerServer'

const secret = new Uint8Array(randomBytes(32))
let server: ReturnType<typeof createSignerServer>
let url: string
let publicKey: string

beforeAll(async () => {
  const { privateKey } = await generateSignerKeyPair()
  const signer = createSigner({ privateKey })
  publicKey = signer.publicKey
  server = createSignerServer({ signer, secret })
  await server.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await server?.close()
})

/** A request to the signer signed with `key` at `timestamp` (s) with `nonce` (default a fresh one). */
function signed(
  path: string,
  body: string,
  options: { key?: Uint8Array; timestamp?: number; nonce?: string } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
  const nonce = options.nonce ?? signerRequestNonce()
  const signature = signerRequestSignature(options.key ?? secret, {
    timestamp,
    nonce,
    method: 'POST',
    path,
    body,
  })
  return {
    signature,
    send: () =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNER_TIMESTAMP_HEADER]: String(timestamp),
          [SIGNER_NONCE_HEADER]: nonce,
          [SIGNER_SIGNATURE_HEADER]: signature,
        },
        body,
      }),
  }
}

describe('the signer’s HTTP interface', () => {
  test('default: the server’s client reads the public key; health needs no signature', async () => {
    expect(await httpSignerClient({ url, secret }).publicKey()).toBe(publicKey)
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true })
  })

  test('security: no, a wrong, a stale or a replayed signature is 401; a body that does not parse 400', async () => {
    const path = '/v1/delegations/verify'
    expect((await fetch(`${url}${path}`, { method: 'POST', body: '{}' })).status).toBe(401)
    expect((await signed(path, '{}', { key: new Uint8Array(randomBytes(32)) }).send()).status).toBe(401)
    const stale = Math.floor(Date.now() / 1000) - 120
    expect((await signed(path, '{}', { timestamp: stale }).send()).status).toBe(401)
    const once = signed(path, '{}')
    const first = await once.send()
    expect(first.status).toBe(400)
    expect(await first.json()).toMatchObject({ code: 'invalid_request' })
    expect((await once.send()).status).toBe(401)
    // A nonce that is missing its randomness is refused even when signed.
    expect((await signed(path, '{}', { nonce: 'short' }).send()).status).toBe(401)
    await expect(httpSignerClient({ url, secret: new Uint8Array(32) }).publicKey()).rejects.toBeInstanceOf(
      SignerUnavailableError,
    )
  })
})

test('behavior: two identical requests in the same second (two server processes) both pass: each has its own nonce', async () => {
  const path = '/v1/delegations/verify'
  const timestamp = Math.floor(Date.now() / 1000)
  const answers = await Promise.all([
    signed(path, '{}', { timestamp }).send(),
    signed(path, '{}', { timestamp }).send(),
  ])
  expect(answers.map((answer) => answer.status)).toEqual([400, 400])
  // The server's own client, twice at once: both answered.
  const client = httpSignerClient({ url, secret })
  const request = { binding: {}, encryptedShare: {}, authShare: '', wallets: [] } as never
  const results = await Promise.allSettled([
    client.verifyDelegation(request),
    client.verifyDelegation(request),
  ])
  expect(results.map((result) => result.status === 'rejected' && String(result.reason))).toEqual([
    expect.stringContaining('answered 400'),
    expect.stringContaining('answered 400'),
  ])
})

describe('the signer’s key file', () => {
  test('default: sealed at rest, opened with its key-encryption key only, never overwritten', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-signer-'))
    const path = join(dir, 'signer-key.json')
    const kek = new Uint8Array(randomBytes(32))
    const created = await createSignerKeyFile(path, kek)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    const file = JSON.parse(await readFile(path, 'utf8'))
    expect(file).toMatchObject({
      version: 1,
      public_key: created,
      private_key: expect.stringMatching(/^v1\./),
    })
    const privateKey = await readSignerKeyFile(path, kek)
    expect(createSigner({ privateKey }).publicKey).toBe(created)
    await expect(readSignerKeyFile(path, new Uint8Array(randomBytes(32)))).rejects.toThrow(/does not open/)
    await expect(createSignerKeyFile(path, kek)).rejects.toMatchObject({ code: 'EEXIST' })
  })
})

describe('foyer-server signer', () => {
  const bin = fileURLToPath(new URL('../../../../bin/foyer-server.mjs', import.meta.url))
  let child: ChildProcess | undefined
  afterAll(() => {
    child?.kill('SIGTERM')
  })

  test('default: signer init makes the key; signer serves it as its own process, without the master key', {
    timeout: 120_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-signer-cli-'))
    const { FOYER_MASTER_KEY: _masterKey, DATABASE_URL: _database, ...inherited } = process.env
    const env = {
      ...inherited,
      FOYER_SIGNER_KEY_FILE: join(dir, 'key.json'),
      FOYER_SIGNER_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      FOYER_SIGNER_SECRET: Buffer.from(secret).toString('base64'),
      FOYER_SIGNER_PORT: '0',
      FOYER_LOG_LEVEL: 'silent',
    }
    const output = (process: ChildProcess, pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        let text = ''
        process.stdout?.on('data', (chunk) => {
          text += String(chunk)
          const match = text.match(pattern)
          if (match) resolve(match)
        })
        process.on('exit', (code) => reject(new Error(`exited ${code}: ${text}`)))
      })
    const init = spawn(process.execPath, [bin, 'signer', 'init'], { env })
    const [, initKey] = await output(init, /Public key: (\S+)\n/)
    child = spawn(process.execPath, [bin, 'signer'], { env })
    const [, address] = await output(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(await httpSignerClient({ url: address!, secret }).publicKey()).toBe(initKey)
    const again = spawn(process.execPath, [bin, 'signer', 'init'], { env })
    const code = await new Promise((resolve) => again.on('exit', resolve))
    expect(code).toBe(1)
  })
})
