/**
 * The export page's style sheet (adopted by the document: the page's CSP allows no inline `<style>`). Host
 * values arrive only as the `--foyer-*` variables `readExportTheme` checked; the defaults are the modal's
 * light theme. Buttons match the modal's (accent fill for the primary action, surface with a border for the
 * others). Laid out to fit `EXPORT_FRAME_PHRASE_HEIGHT_PX` at 280 px and wider.
 */
export const exportStyles = `
:root{--foyer-bg:#ffffff;--foyer-fg:#111827;--foyer-muted:#4b5563;--foyer-surface:#f3f4f6;--foyer-border:#d1d5db;--foyer-accent:#4338ca;--foyer-accent-fg:#ffffff;--foyer-error:#b91c1c;--foyer-radius:12px;--foyer-font:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;--foyer-mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;background:var(--foyer-bg);color:var(--foyer-fg);font-family:var(--foyer-font);font-size:14px;line-height:1.4}
body{overflow-y:auto}
main{display:flex;flex-direction:column;gap:12px;padding:12px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
section{display:flex;flex-direction:column;gap:6px}
.head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px;min-height:32px}
h2{margin:0;font-size:14px;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:6px}
.slot{display:flex;flex-direction:column;justify-content:center;gap:8px;padding:10px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius);background:var(--foyer-surface)}
.slot[data-secret=key]{min-height:96px}
.slot[data-secret=phrase]{min-height:128px}
.warning{margin:0;font-size:13px;color:var(--foyer-fg)}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:32px;padding:0 12px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius);background:var(--foyer-surface);color:var(--foyer-fg);font:inherit;font-size:13px;font-weight:600;white-space:nowrap;cursor:pointer}
.button[data-variant=primary]{align-self:flex-start;background:var(--foyer-accent);color:var(--foyer-accent-fg);border-color:transparent}
.button[data-variant=link]{min-height:0;padding:0 4px;border:0;background:transparent;color:var(--foyer-accent);text-decoration:underline}
.button:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:2px}
.secret{margin:0;font-family:var(--foyer-mono);font-size:13px;overflow-wrap:anywhere;user-select:all}
.words{display:grid;grid-template-columns:repeat(auto-fill,minmax(7.5em,1fr));gap:4px 8px;margin:0;padding:0;list-style:decimal outside;font-family:var(--foyer-mono);font-size:13px}
.words li{margin-left:2.4em;white-space:nowrap}
.words li::marker{color:var(--foyer-muted)}
.address{margin:0;display:flex;flex-direction:column;gap:2px;font-size:12px}
.address span{color:var(--foyer-muted)}
.address code{font-family:var(--foyer-mono);overflow-wrap:anywhere}
main:has(>.copy-row){padding:0}
.copy-row{display:flex;gap:12px;height:44px}
.copy-row .button{flex:1;height:44px}
.error{margin:0;font-size:13px;color:var(--foyer-error)}
`
