import { MOBILE_BREAKPOINT_PX, MODAL_WIDTH_PX } from '@foyer/protocol'
import { useLayoutEffect, useState } from 'react'
import { createPortal } from 'react-dom'

/** Props of {@link OAuthReturnPlaceholder}. */
export type OAuthReturnPlaceholderProps = {
  /** The modal root's `data-foyer` scope (the theme's variables are set under it by `css`). */
  scope: string
  colorScheme: 'light' | 'dark'
  /** The modal's style sheet as far as it is loaded: at least the theme's `--foyer-*` variables. */
  css: string
  nonce: string | undefined
  language: string
  /** 'Verifying'. */
  verifying: string
  /** The provider's display name ('Google'). */
  providerName: string
}

// Only what the placeholder needs, so it draws before the modal's static rules have loaded: the overlay, the
// box at the modal's place and size (a bottom drawer on narrow screens), a centred spinner.
const placeholderRules = `
[data-foyer] .foyer-returning-overlay{position:fixed;inset:0;background:var(--foyer-overlay);z-index:2147483646}
[data-foyer] .foyer-returning{position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:${MODAL_WIDTH_PX}px;max-width:calc(100vw - 32px);background:var(--foyer-bg);color:var(--foyer-fg);font-family:var(--foyer-font);border-radius:var(--foyer-radius-lg);box-shadow:0 16px 48px var(--foyer-shadow);padding:24px 20px 16px;display:flex;flex-direction:column;align-items:center;gap:16px;text-align:center;box-sizing:border-box}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){[data-foyer] .foyer-returning{top:auto;bottom:0;left:0;right:0;transform:none;width:100%;max-width:100%;border-radius:var(--foyer-radius-lg) var(--foyer-radius-lg) 0 0}}
[data-foyer] .foyer-returning h2{margin:0;font-size:18px;font-weight:600;line-height:1.3}
[data-foyer] .foyer-returning p{margin:0;font-size:14px;color:var(--foyer-muted)}
[data-foyer] .foyer-returning-spinner{display:inline-block;width:32px;height:32px;border:3px solid var(--foyer-accent);border-right-color:transparent;border-radius:50%;animation:foyer-returning-spin .7s linear infinite}
@media (prefers-reduced-motion:reduce){[data-foyer] .foyer-returning-spinner{animation-duration:1.5s}}
@keyframes foyer-returning-spin{to{transform:rotate(360deg)}}
`

/**
 * What the modal shows on the very first frame of a page that is a full-page OAuth return (docs/modal.md
 * "OAuth status"): 'Verifying' and the provider's name, with a spinner, in the modal's place and theme. It
 * needs none of the lazily loaded code (the modal's static rules, the later screens' texts, the OAuth
 * page-load code), so it draws with the provider's first render; the OAuth status screen replaces it once
 * the modal opens on it. Rendered into `document.body` after mounting, before the browser paints (a layout
 * effect), so a server render and its hydration match. Internal to `FoyerModal`.
 */
export function OAuthReturnPlaceholder(props: OAuthReturnPlaceholderProps) {
  const [mounted, setMounted] = useState(false)
  useLayoutEffect(() => setMounted(true), [])
  if (!mounted) return null
  return createPortal(
    <div data-foyer={props.scope} data-foyer-theme={props.colorScheme} lang={props.language}>
      <style nonce={props.nonce}>{props.css + placeholderRules}</style>
      <div className="foyer-returning-overlay" />
      <div
        className="foyer-returning"
        role="dialog"
        aria-modal="true"
        aria-label={props.verifying}
        aria-busy="true"
      >
        <h2>{props.verifying}</h2>
        <p>{props.providerName}</p>
        <span className="foyer-returning-spinner" aria-hidden="true" />
      </div>
    </div>,
    document.body,
  )
}
