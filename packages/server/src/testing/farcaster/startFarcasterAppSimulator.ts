import { createServer, type IncomingMessage } from 'node:http'
import { listenLocally } from '../http/listenLocally'
import type { SignedKeyRequestStandIn } from './signedKeyRequestStandIn'
import type { FarcasterStandIns } from './startFarcasterStandIns'
import type { FarcasterTestAccount } from './testPhone'

export type FarcasterAppSimulator = {
  /** `http://127.0.0.1:<port>`: the page to open beside the demo. */
  url: string
  close(): Promise<void>
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
    request.on('error', () => resolve(new URLSearchParams()))
  })
}

/**
 * "Simulate the Farcaster app" for the demo (loopback only): a page that lists the relay
 * stand-in's pending sign-in requests (the domain that asks and the link the modal's QR code shows) with an
 * 'Approve as @<username>' button per account, which approves the request with the test phone — signing the
 * Sign In With Farcaster message with the account's custody key, as the Farcaster app would after a scan.
 *
 * @example
 * const simulator = await startFarcasterAppSimulator({ standIns: farcaster, accounts: [alice] })
 * console.log(`Farcaster app: ${simulator.url}`)
 */
export async function startFarcasterAppSimulator(parameters: {
  standIns: FarcasterStandIns
  accounts: readonly FarcasterTestAccount[]
  /** Also list its pending Farcaster signer requests, with approve (as an account) and reject buttons. */
  signedKeyRequests?: SignedKeyRequestStandIn | undefined
  port?: number
}): Promise<FarcasterAppSimulator> {
  const { standIns, accounts } = parameters
  // Farcaster signer requests ('Add a signer to Farcaster'): approved as an account, or rejected.
  const signerRows = () =>
    (parameters.signedKeyRequests?.requests ?? [])
      .filter((request) => request.state === 'pending')
      .map(
        (request) => `<li><p>Add a signer for app fid <b>${request.requestFid}</b><br>
<small>${escapeHtml(request.deeplinkUrl)}</small></p>${accounts
          .map(
            (
              account,
            ) => `<form method="post" action="/approve-signer"><input type="hidden" name="token" value="${escapeHtml(request.token)}">
<input type="hidden" name="fid" value="${account.fid}"><button>Approve as @${escapeHtml(account.profile?.username ?? `fid ${account.fid}`)}</button></form>`,
          )
          .join(
            '',
          )}<form method="post" action="/reject-signer"><input type="hidden" name="token" value="${escapeHtml(request.token)}"><button>Reject</button></form></li>`,
      )
      .join('')
  const page = (notice: string) => {
    const pending = [...standIns.relay.channels.entries()].filter(
      ([, channel]) => channel.state === 'pending',
    )
    const rows = pending
      .map(
        ([token, channel]) => `<li><p>Sign in to <b>${escapeHtml(channel.signatureParams.domain)}</b><br>
<small>${escapeHtml(channel.url)}</small></p>${accounts
          .map(
            (
              account,
              index,
            ) => `<form method="post" action="/approve"><input type="hidden" name="channel" value="${escapeHtml(token)}">
<input type="hidden" name="account" value="${index}"><button>Approve as @${escapeHtml(account.profile?.username ?? `fid ${account.fid}`)}</button></form>`,
          )
          .join('')}</li>`,
      )
      .join('')
    return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Farcaster app (simulated)</title><h1>Farcaster app (simulated)</h1><p>${escapeHtml(notice)}</p>
${pending.length ? `<ul>${rows}</ul>` : '<p>No sign-in request is waiting. Choose "Continue with Farcaster" in the demo.</p>'}
${parameters.signedKeyRequests ? `<h2>Signer requests</h2>${signerRows() ? `<ul>${signerRows()}</ul>` : '<p>No signer request is waiting. Choose "Add a Farcaster signer" in the demo.</p>'}` : ''}</html>`
  }
  const server = createServer(async (request, response) => {
    let notice = ''
    if (request.method === 'POST' && request.url === '/approve') {
      const form = await readForm(request)
      const channel = standIns.relay.channels.get(form.get('channel') ?? '')
      const account = accounts[Number(form.get('account'))]
      if (channel && account) {
        try {
          await standIns.phone.approve(channel.url, account)
          notice = `Approved as @${account.profile?.username ?? account.fid}.`
        } catch (error) {
          notice = `Could not approve: ${error instanceof Error ? error.message : String(error)}`
        }
      } else notice = 'That request is gone.'
    }
    if (
      request.method === 'POST' &&
      (request.url === '/approve-signer' || request.url === '/reject-signer')
    ) {
      const form = await readForm(request)
      const token = form.get('token') ?? ''
      const signerRequest = parameters.signedKeyRequests?.requests.find((entry) => entry.token === token)
      if (signerRequest?.state !== 'pending') notice = 'That request is gone.'
      else if (request.url === '/reject-signer') {
        parameters.signedKeyRequests?.revoke(token)
        notice = 'Signer request rejected.'
      } else {
        parameters.signedKeyRequests?.approve(token, Number(form.get('fid')))
        notice = `Signer approved for fid ${form.get('fid')}.`
      }
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(page(notice))
  })
  const { url, close } = await listenLocally(server, { port: parameters.port })
  return {
    url,
    close,
  }
}
