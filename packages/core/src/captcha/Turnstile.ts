/**
 * Render options of Cloudflare Turnstile's `turnstile.render` (the subset Foyer uses; explicit rendering).
 * Callback names are Turnstile's own (kebab-case).
 */
export type TurnstileRenderParameters = {
  /** The site key, without Foyer's `t:` prefix. */
  sitekey: string
  /** `'render'` runs the challenge at once; `'execute'` waits for `turnstile.execute()`. */
  execution?: 'render' | 'execute'
  /** `'interaction-only'`: the widget is shown only when the visitor has to interact. */
  appearance?: 'always' | 'execute' | 'interaction-only'
  /** `'never'`: Turnstile does not retry on its own (Foyer's controller does). */
  retry?: 'auto' | 'never'
  /** `'manual'`: an expired token is not refreshed on its own (Foyer's controller resets). */
  'refresh-expired'?: 'auto' | 'manual' | 'never'
  /** Analytics label returned by siteverify. */
  action?: string
  /** Called with the token when the challenge passes. */
  callback?: (token: string) => void
  /** Called with Turnstile's error code when the challenge fails; `true` marks it handled. */
  'error-callback'?: (code: string) => boolean | undefined
  /** Called when the token expired (≈300 s) before it was used. */
  'expired-callback'?: (token: string) => void
  /** Called when an interactive challenge was not solved in time. */
  'timeout-callback'?: () => void
  /** Called before the widget asks the visitor to interact. */
  'before-interactive-callback'?: () => void
  /** Called when the widget no longer needs interaction. */
  'after-interactive-callback'?: () => void
}

/**
 * The `window.turnstile` object that Cloudflare's script defines (client API: `render`, `execute`, `reset`,
 * `remove`, `getResponse`). Widget ids are the strings `render` returns.
 */
export type Turnstile = {
  render(container: string | HTMLElement, parameters: TurnstileRenderParameters): string | null | undefined
  execute(widgetIdOrContainer: string | HTMLElement): void
  reset(widgetId?: string): void
  remove(widgetId?: string): void
  getResponse(widgetId?: string): string | undefined
}
