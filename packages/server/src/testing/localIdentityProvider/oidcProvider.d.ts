/** The part of oidc-provider 9's API the local identity provider uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string
    uid?: string
    userCode?: string
    consumed?: number
  }

  export interface AccessTokenInstance {
    accountId: string
    clientId: string
    scope?: string
    isExpired: boolean
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; details: Record<string, unknown> }
    params: Record<string, unknown>
    grantId?: string
  }

  export interface ProviderClient {
    clientId: string
    metadata(): Record<string, unknown>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    AccessToken: { find(value: string): Promise<AccessTokenInstance | undefined> }
    Grant: {
      new (properties: { accountId: string; clientId: string }): GrantInstance
      find(id: string): Promise<GrantInstance | undefined>
    }
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
