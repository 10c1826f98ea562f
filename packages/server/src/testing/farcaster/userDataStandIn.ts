import { createServer } from 'node:http'
import { listenLocally } from '../http/listenLocally'

/** A profile as a Farcaster account publishes it (the user-data message types of the Snapchain API). */
export type FarcasterStandInProfile = {
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
  url?: string
}

export type FarcasterUserDataStandIn = {
  /** `http://127.0.0.1:<port>`: pass it as `farcaster.userDataUrl` / `FOYER_FARCASTER_USER_DATA_URL`. */
  url: string
  /** Publishes (replaces) the profile of `fid`. */
  setProfile(fid: number, profile: FarcasterStandInProfile): void
  /** Every `fid` asked for, oldest first. */
  requests: number[]
  close(): Promise<void>
}

const messageType: Record<keyof FarcasterStandInProfile, string> = {
  pfpUrl: 'USER_DATA_TYPE_PFP',
  displayName: 'USER_DATA_TYPE_DISPLAY',
  bio: 'USER_DATA_TYPE_BIO',
  url: 'USER_DATA_TYPE_URL',
  username: 'USER_DATA_TYPE_USERNAME',
}

/**
 * A local stand-in for a Snapchain HTTP API's `GET /v1/userDataByFid?fid=<fid>` (loopback only): answers
 * `{ messages: [{ data: { type: 'MESSAGE_TYPE_USER_DATA_ADD', fid, timestamp, network, userDataBody: { type,
 * value } } }], nextPageToken: '' }` for the profile set with {@link FarcasterUserDataStandIn.setProfile};
 * 400 without a numeric `fid`; `x-api-key` must equal `apiKey` when one is given (else 401).
 *
 * @example
 * const userData = await startFarcasterUserDataStandIn()
 * userData.setProfile(3, { username: 'alice', displayName: 'Alice' })
 */
export async function startFarcasterUserDataStandIn(
  options: { apiKey?: string; port?: number } = {},
): Promise<FarcasterUserDataStandIn> {
  const profiles = new Map<number, FarcasterStandInProfile>()
  const requests: number[] = []
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(value))
    }
    if (request.method !== 'GET' || url.pathname !== '/v1/userDataByFid')
      return send(404, { errCode: 'not_found' })
    if (options.apiKey && request.headers['x-api-key'] !== options.apiKey)
      return send(401, { errCode: 'unauthorized', message: 'Invalid API key' })
    const fid = Number(url.searchParams.get('fid'))
    if (!Number.isSafeInteger(fid) || fid < 1)
      return send(400, { errCode: 'bad_request.validation_failure', message: 'fid is required' })
    requests.push(fid)
    const profile = profiles.get(fid) ?? {}
    const messages = Object.entries(profile).map(([key, value]) => ({
      data: {
        type: 'MESSAGE_TYPE_USER_DATA_ADD',
        fid,
        timestamp: Math.floor(Date.now() / 1000) - 1_609_459_200,
        network: 'FARCASTER_NETWORK_MAINNET',
        userDataBody: { type: messageType[key as keyof FarcasterStandInProfile], value },
      },
    }))
    return send(200, { messages, nextPageToken: '' })
  })
  const { url, close } = await listenLocally(server, { port: options.port })
  return {
    url,
    setProfile: (fid, profile) => profiles.set(fid, profile),
    requests,
    close,
  }
}
