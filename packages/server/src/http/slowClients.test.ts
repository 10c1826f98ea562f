import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../createApp'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { openDatabase } from '../db/openDatabase'

let db: FoyerDatabase
let app: FastifyInstance
let port: number

beforeAll(async () => {
  db = await openDatabase({})
  app = await createApp({
    db,
    masterKey: randomBytes(32),
    env: 'test',
    rateLimits: false,
    connections: { headersTimeoutMs: 300, requestTimeoutMs: 1000, maxConnectionsPerIp: 2 },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
})
afterAll(async () => {
  await app?.close()
  await db?.close()
})

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket))
    socket.on('error', reject)
  })
}

/** Resolves with what the server sent once it closes `socket`, or 'open' after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve) => {
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
    })
    const timer = setTimeout(() => resolve('open'), ms)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(received || 'closed')
    })
  })
}

describe('slow clients', () => {
  test('error: a client still sending its headers after the headers time-out is cut with 408', async () => {
    const socket = await open()
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
    const outcome = await closedWithin(socket, 3000)
    socket.destroy()
    expect(outcome).toMatch(/^HTTP\/1\.1 408|^closed$/)
  })

  test('default: a complete request within the time-outs is answered', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(response.status).toBe(200)
  })

  test('error: connections beyond the per-IP cap are closed at once; others are not', async () => {
    const first = await open()
    const second = await open()
    const third = await open()
    const [outcomeFirst, outcomeThird] = await Promise.all([
      closedWithin(first, 200),
      closedWithin(third, 200),
    ])
    expect(outcomeThird).toBe('closed')
    expect(outcomeFirst).toBe('open')
    for (const socket of [first, second, third]) socket.destroy()
    // Closed connections free their places.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const again = await open()
    expect(await closedWithin(again, 100)).toBe('open')
    again.destroy()
  })
})
