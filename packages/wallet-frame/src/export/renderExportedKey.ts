import type { ExportedKey } from '../frame/createFrameHandler'

const colorPattern = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/

function copyButton(document: Document, label: string, value: string): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = label
  button.style.cssText =
    'margin-top:8px;padding:8px 12px;border-radius:8px;border:1px solid currentColor;background:transparent;color:inherit;cursor:pointer'
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(value).then(() => {
      button.textContent = 'Copied'
      setTimeout(() => {
        button.textContent = label
      }, 1500)
    })
  })
  return button
}

function field(document: Document, title: string, value: string, copyLabel: string): HTMLElement {
  const section = document.createElement('section')
  section.style.cssText = 'margin-bottom:16px'
  const heading = document.createElement('h2')
  heading.textContent = title
  heading.style.cssText = 'font-size:14px;margin:0 0 6px'
  const text = document.createElement('output')
  text.textContent = value
  text.setAttribute('aria-label', title)
  text.style.cssText =
    'display:block;font-family:ui-monospace,monospace;font-size:13px;word-break:break-all;padding:10px;border-radius:8px;border:1px solid rgba(127,127,127,.4);user-select:all'
  section.append(heading, text, copyButton(document, copyLabel, value))
  return section
}

/**
 * Renders the exported key (and phrase) into `root` of the export frame, with text nodes only (no HTML
 * parsing) and copy buttons; theme colours come from the `background` / `foreground` query fields when
 * they are plain CSS colours. The key never leaves this document (security checklist J.65).
 */
export function renderExportedKey(
  document: Document,
  root: HTMLElement,
  key: ExportedKey,
  query: URLSearchParams,
): void {
  const background = query.get('background')
  const foreground = query.get('foreground')
  document.body.style.cssText = 'margin:0;font-family:system-ui,sans-serif'
  if (background && colorPattern.test(background)) document.body.style.background = background
  if (foreground && colorPattern.test(foreground)) document.body.style.color = foreground
  root.replaceChildren()
  root.style.cssText = 'padding:16px'
  root.append(field(document, 'Private key', key.privateKey, 'Copy key'))
  if (key.mnemonic) root.append(field(document, 'Recovery phrase', key.mnemonic, 'Copy phrase'))
  const address = document.createElement('p')
  address.textContent = key.address
  address.style.cssText = 'font-size:12px;opacity:.7;word-break:break-all'
  root.append(address)
}
