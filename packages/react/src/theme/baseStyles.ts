import {
  DETAILS_PANEL_MAX_HEIGHT_PX,
  EXPORT_FRAME_KEY_HEIGHT_PX,
  EXPORT_FRAME_PHRASE_HEIGHT_PX,
  MOBILE_BREAKPOINT_PX,
  MODAL_WIDTH_PX,
  TYPED_DATA_VIEW_MAX_HEIGHT_PX,
} from '@foyer/protocol'

/**
 * The modal's static rules, every selector under `[data-foyer]` so nothing leaks into or out of the host
 * page (docs/conventions.md "Styling"). Colours, radii and the font come only from the `--foyer-*` variables
 * of `cssStringFromTheme`. Layout per docs/modal.md, docs/limits.md: 360 px wide above 440 px; a bottom
 * drawer at 440 px or narrower.
 */
export const baseStyles = `
[data-foyer],[data-foyer] *,[data-foyer] *::before,[data-foyer] *::after{box-sizing:border-box}
[data-foyer]{font-family:var(--foyer-font);font-size:16px;line-height:1.4;color:var(--foyer-fg)}
[data-foyer] .foyer-overlay{position:fixed;inset:0;background:var(--foyer-overlay);z-index:2147483646;animation:foyer-fade 150ms ease-out}
[data-foyer] .foyer-content{position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:${MODAL_WIDTH_PX}px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);overflow-y:auto;background:var(--foyer-bg);color:var(--foyer-fg);border-radius:var(--foyer-radius-lg);box-shadow:0 16px 48px var(--foyer-shadow);padding:24px 20px 16px;outline:none;animation:foyer-pop 150ms ease-out}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){[data-foyer] .foyer-content{top:auto;bottom:0;left:0;right:0;transform:none;width:100%;max-width:100%;max-height:90vh;border-radius:var(--foyer-radius-lg) var(--foyer-radius-lg) 0 0;padding-bottom:calc(16px + env(safe-area-inset-bottom,0px));animation:foyer-rise 200ms ease-out}}
@media (prefers-reduced-motion:reduce){[data-foyer] .foyer-overlay,[data-foyer] .foyer-content{animation:none}[data-foyer] .foyer-spinner{animation-duration:1.5s}}
@keyframes foyer-fade{from{opacity:0}to{opacity:1}}
@keyframes foyer-pop{from{opacity:0;transform:translate(-50%,-48%)}to{opacity:1;transform:translate(-50%,-50%)}}
@keyframes foyer-rise{from{transform:translateY(100%)}to{transform:translateY(0)}}
@keyframes foyer-spin{to{transform:rotate(360deg)}}
[data-foyer] .foyer-screen{display:flex;flex-direction:column;align-items:stretch;gap:16px;text-align:center}
[data-foyer] .foyer-header{position:relative;display:flex;align-items:center;justify-content:center;min-height:32px;padding:0 36px}
[data-foyer] .foyer-title{margin:0;font-size:18px;font-weight:600;line-height:1.3;text-wrap:balance}
[data-foyer] .foyer-text{margin:0;color:var(--foyer-muted);font-size:14px;overflow-wrap:anywhere}
[data-foyer] .foyer-text strong{color:var(--foyer-fg);font-weight:600}
[data-foyer] .foyer-logo{display:block;margin:0 auto;max-width:180px;max-height:64px;object-fit:contain}
[data-foyer] .foyer-logo-element{display:flex;justify-content:center}
[data-foyer] .foyer-logo-element>*{max-width:180px;max-height:64px}
[data-foyer] .foyer-icon-button{position:absolute;top:50%;transform:translateY(-50%);display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;padding:0;border:0;border-radius:var(--foyer-radius-sm);background:transparent;color:var(--foyer-muted);cursor:pointer}
[data-foyer] .foyer-icon-button:hover{background:var(--foyer-surface);color:var(--foyer-fg)}
[data-foyer] .foyer-back{left:0}
[data-foyer] .foyer-close{position:absolute;top:24px;right:16px;transform:none}
[data-foyer] .foyer-field{display:flex;flex-direction:column;gap:8px;text-align:left}
[data-foyer] .foyer-input-row{position:relative;display:flex;align-items:center;gap:6px;padding:4px 4px 4px 10px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);background:var(--foyer-bg)}
[data-foyer] .foyer-input-row>.foyer-button{padding:0 12px}
[data-foyer] .foyer-input-row>.foyer-icon-button{position:static;transform:none;flex:none}
[data-foyer] .foyer-input-row>.foyer-chip{position:absolute;top:0;left:10px;right:auto;transform:translateY(-50%);background:var(--foyer-bg);line-height:1.2}
[data-foyer] .foyer-input-row:focus-within{border-color:var(--foyer-accent);box-shadow:0 0 0 1px var(--foyer-accent)}
[data-foyer] .foyer-input-row[data-invalid]{border-color:var(--foyer-error)}
[data-foyer] .foyer-input{flex:1;min-width:0;height:40px;border:0;outline:none;background:transparent;color:var(--foyer-fg);font:inherit}
[data-foyer] .foyer-input::placeholder{color:var(--foyer-muted)}
[data-foyer] .foyer-phone{display:flex;flex:1;min-width:0;align-items:center;gap:4px}
[data-foyer] .foyer-phone-country{flex:0 0 auto;width:76px;height:40px;padding:0 0 0 6px;border:0;border-radius:var(--foyer-radius-sm);background:transparent;color:var(--foyer-fg);font:inherit;cursor:pointer}
[data-foyer] .foyer-phone-country:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:2px}
[data-foyer] .foyer-divider{display:flex;align-items:center;gap:8px;font-size:13px;color:var(--foyer-muted)}
[data-foyer] .foyer-divider::before,[data-foyer] .foyer-divider::after{content:"";flex:1;border-top:1px solid var(--foyer-border)}
[data-foyer] .foyer-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none;text-align:left}
[data-foyer] .foyer-list-item{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:10px 12px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md)}
[data-foyer] .foyer-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:var(--foyer-radius-md);font:inherit;font-size:15px;font-weight:600;cursor:pointer;background:var(--foyer-accent);color:var(--foyer-accent-fg)}
[data-foyer] .foyer-button[data-variant=secondary]{background:var(--foyer-surface);color:var(--foyer-fg);border-color:var(--foyer-border)}
[data-foyer] .foyer-button[data-variant=link]{min-height:0;padding:0;background:transparent;color:var(--foyer-accent);text-decoration:underline}
[data-foyer] .foyer-button:disabled,[data-foyer] .foyer-button[aria-disabled=true]{opacity:.55;cursor:not-allowed}
[data-foyer] .foyer-button:focus-visible,[data-foyer] .foyer-icon-button:focus-visible,[data-foyer] .foyer-code-box:focus-visible,[data-foyer] .foyer-collapsible-toggle:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:2px}
[data-foyer] .foyer-button-block{width:100%;min-height:44px}
[data-foyer] .foyer-spinner{display:inline-block;width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:foyer-spin .7s linear infinite}
[data-foyer] .foyer-screen>.foyer-spinner{align-self:center}
[data-foyer] .foyer-spinner[data-size=large]{width:32px;height:32px;border-width:3px;color:var(--foyer-accent)}
[data-foyer] .foyer-error-text{margin:0;color:var(--foyer-error);font-size:14px}
[data-foyer] .foyer-code{display:flex;justify-content:center;gap:8px;border:0;margin:0;padding:0}
[data-foyer] .foyer-code-box{width:44px;height:52px;padding:0;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);background:var(--foyer-bg);color:var(--foyer-fg);font:inherit;font-size:22px;font-weight:600;text-align:center;caret-color:var(--foyer-accent)}
[data-foyer] .foyer-code-box:focus{border-color:var(--foyer-accent);outline:none;box-shadow:0 0 0 1px var(--foyer-accent)}
[data-foyer] .foyer-code-box[aria-invalid=true]{border-color:var(--foyer-error)}
[data-foyer] .foyer-code-box[aria-disabled=true]{opacity:.6}
[data-foyer] .foyer-row{display:flex;align-items:center;justify-content:center;gap:8px;font-size:14px;color:var(--foyer-muted);flex-wrap:wrap}
[data-foyer] .foyer-status-ok{color:var(--foyer-success);font-weight:600}
[data-foyer] .foyer-icon-circle{display:flex;align-items:center;justify-content:center;width:56px;height:56px;margin:0 auto;border-radius:50%;background:var(--foyer-surface)}
[data-foyer] .foyer-icon-circle[data-tone=error]{color:var(--foyer-error)}
[data-foyer] .foyer-icon-circle[data-tone=success]{color:var(--foyer-success)}
[data-foyer] .foyer-footer{margin:4px 0 0;font-size:12px;color:var(--foyer-muted);text-align:center}
[data-foyer] .foyer-center{display:flex;justify-content:center;padding:24px 0}
[data-foyer] .foyer-details{margin:0;display:flex;flex-direction:column;gap:8px;text-align:left;font-size:14px}
[data-foyer] .foyer-detail-row{display:flex;justify-content:space-between;gap:12px}
[data-foyer] .foyer-detail-row dt{color:var(--foyer-muted)}
[data-foyer] .foyer-detail-row dd{margin:0;text-align:right;overflow-wrap:anywhere;font-weight:500}
[data-foyer] .foyer-card{padding:12px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);background:var(--foyer-bg)}
[data-foyer] .foyer-collapsible-toggle{display:flex;width:100%;justify-content:space-between;align-items:center;padding:0;border:0;background:transparent;color:var(--foyer-fg);font:inherit;font-size:14px;font-weight:600;cursor:pointer}
[data-foyer] .foyer-collapsible-panel{margin-top:8px;max-height:${DETAILS_PANEL_MAX_HEIGHT_PX}px;overflow-y:auto}
[data-foyer] .foyer-message{margin:0;padding:12px;border-radius:var(--foyer-radius-md);background:var(--foyer-surface);text-align:left;font-size:14px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:${TYPED_DATA_VIEW_MAX_HEIGHT_PX}px;overflow-y:auto}
[data-foyer] .foyer-message code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
[data-foyer] .foyer-mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;overflow-wrap:anywhere}
[data-foyer] .foyer-address{white-space:nowrap;overflow-wrap:normal}
[data-foyer] .foyer-warning{margin:0;color:var(--foyer-warn);font-size:14px}
[data-foyer] .foyer-contract-image{display:block;margin:0 auto;border-radius:12px;object-fit:cover}
[data-foyer] .foyer-meter{height:6px;border-radius:3px;background:var(--foyer-surface);overflow:hidden}
[data-foyer] .foyer-meter-fill{height:100%;border-radius:3px;transition:width 150ms}
[data-foyer] .foyer-meter-fill[data-level=weak]{background:var(--foyer-error)}
[data-foyer] .foyer-meter-fill[data-level=medium]{background:var(--foyer-warn)}
[data-foyer] .foyer-meter-fill[data-level=strong]{background:var(--foyer-success)}
[data-foyer] .foyer-input-box{display:block;width:100%;height:44px;padding:0 12px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);background:var(--foyer-bg);color:var(--foyer-fg);font:inherit}
[data-foyer] .foyer-input-box:focus{outline:none;border-color:var(--foyer-accent);box-shadow:0 0 0 1px var(--foyer-accent)}
[data-foyer] .foyer-input-box[aria-invalid=true]{border-color:var(--foyer-error)}
[data-foyer] .foyer-checkbox{display:flex;gap:10px;align-items:flex-start;text-align:left;font-size:14px;cursor:pointer}
[data-foyer] .foyer-checkbox input{margin-top:3px;accent-color:var(--foyer-accent)}
[data-foyer] .foyer-option{display:flex;flex-direction:column;align-items:flex-start;gap:2px;width:100%;padding:12px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);background:var(--foyer-bg);color:var(--foyer-fg);font:inherit;text-align:left;cursor:pointer}
[data-foyer] .foyer-option:hover,[data-foyer] .foyer-option:focus-visible{border-color:var(--foyer-accent);outline:none}
[data-foyer] .foyer-option small{color:var(--foyer-muted);font-size:13px}
[data-foyer] .foyer-actions{display:flex;gap:8px}
[data-foyer] .foyer-actions>*{flex:1}
[data-foyer] .foyer-frame-box{position:relative;flex:0 0 auto;height:${EXPORT_FRAME_KEY_HEIGHT_PX}px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius-md);overflow:hidden;background:var(--foyer-bg)}
[data-foyer] .foyer-frame-box[data-phrase]{height:${EXPORT_FRAME_PHRASE_HEIGHT_PX}px}
[data-foyer] .foyer-frame-box[data-sized]{height:auto}
[data-foyer] .foyer-frame-box[data-loading] iframe{visibility:hidden}
[data-foyer] .foyer-frame-box .foyer-center{position:absolute;inset:0;align-items:center}
[data-foyer] .foyer-qr{display:block;align-self:center;flex:none;margin:0 auto}
[data-foyer] .foyer-method-row{display:flex;align-items:center;gap:8px}
[data-foyer] .foyer-method-row>.foyer-button{flex:1;min-width:0}
[data-foyer] .foyer-method-row>.foyer-method-meta{display:flex;align-items:center;gap:6px}
[data-foyer] .foyer-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`
