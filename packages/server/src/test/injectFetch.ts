import type { FastifyInstance } from 'fastify'

/**
 * A `fetch` that sends requests to `app.inject` as if from a page of `origin` (default: the wallet frame's
 * origin `http://wallet.foyer.test`), so browser-side code (the wallet frame's API client) runs against the
 * real server in node tests.
 *
 * @example createFrameApi({ baseUrl: '', appId, fetch: injectFetch(t.app) })
 */
export function injectFetch(app: FastifyInstance, origin = 'http://wallet.foyer.test'): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url
    const headers: Record<string, string> = {
      host: new URL(origin).host,
      ...(init?.method && init.method !== 'GET' ? { origin } : {}),
      ...(init?.headers as Record<string, string> | undefined),
    }
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: path,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    })
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, {
      status: response.statusCode,
      headers: response.headers as Record<string, string>,
    })
  }) as typeof fetch
}
