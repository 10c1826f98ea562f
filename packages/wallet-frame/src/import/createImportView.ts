import type { ChainType } from '@foyer/protocol'
import { exportStyles } from '../export/exportStyles'
import type { AskImportKey } from '../frame/FrameState'
import { type KeyPageHost, prepareKeyPage } from '../keyPage/prepareKeyPage'

/** The import page's form (docs/embedded-wallets.md#imported-keys); every text is in English. */
export type ImportView = {
  /** The frame's `askImportKey`: shows the form for a key of `chainType` and resolves with the parsed key. */
  askImportKey: AskImportKey
  /** The import finished: the wallet's address. */
  showImported(address: string): void
  /** The import was refused after the key was accepted (the server's message). */
  showError(message: string): void
}

const importStyles = `
form{display:flex;flex-direction:column;gap:8px}
label{font-size:13px;font-weight:600}
.hint{margin:0;font-size:12px;color:var(--foyer-muted)}
textarea{width:100%;min-height:72px;padding:8px;border:1px solid var(--foyer-border);border-radius:var(--foyer-radius);background:var(--foyer-surface);color:var(--foyer-fg);font-family:var(--foyer-mono);font-size:13px;resize:vertical;-webkit-text-security:disc}
textarea:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:2px}
textarea[aria-invalid=true]{border-color:var(--foyer-error)}
.done{margin:0;font-size:13px}
`

const labels: Record<ChainType, { label: string; hint: string }> = {
  ethereum: {
    label: 'Ethereum private key',
    hint: '64 hexadecimal characters, with or without 0x.',
  },
  solana: {
    label: 'Solana secret key',
    hint: 'The base58 secret key your wallet exports, or the JSON array of a keypair file.',
  },
}

/**
 * The import page's view: a form the key is typed or pasted into, inside this frame only (the host page is
 * another origin and sees neither the field nor its value). `query` carries the host's theme fields, as
 * the export page reads them; `onResize` reports the content height (CSS px), `onEscape` an Escape press.
 *
 * @example
 * const view = createImportView(document, document.getElementById('foyer-import')!, new URLSearchParams())
 * const key = await view.askImportKey({ chainType: 'ethereum', parse: (text) => text })
 */
export function createImportView(
  document: Document,
  root: HTMLElement,
  query: URLSearchParams,
  host: KeyPageHost = {},
): ImportView {
  prepareKeyPage(document, root, query, exportStyles + importStyles, host)
  document.documentElement.lang = 'en'

  const status = (className: string, text: string) => {
    const node = document.createElement('p')
    node.className = className
    node.textContent = text
    if (className === 'error') node.setAttribute('role', 'alert')
    root.replaceChildren(node)
  }

  const askImportKey: AskImportKey = ({ chainType, parse }) =>
    new Promise((resolve) => {
      const form = document.createElement('form')
      form.noValidate = true
      const label = document.createElement('label')
      label.htmlFor = 'foyer-import-key'
      label.textContent = labels[chainType].label
      const hint = document.createElement('p')
      hint.className = 'hint'
      hint.id = 'foyer-import-hint'
      hint.textContent = labels[chainType].hint
      const field = document.createElement('textarea')
      field.id = 'foyer-import-key'
      field.name = 'key'
      field.autocomplete = 'off'
      field.spellcheck = false
      field.setAttribute('autocapitalize', 'off')
      field.setAttribute('aria-describedby', 'foyer-import-hint')
      const error = document.createElement('p')
      error.className = 'error'
      error.id = 'foyer-import-error'
      error.setAttribute('role', 'alert')
      const submit = document.createElement('button')
      submit.type = 'submit'
      submit.className = 'button'
      submit.dataset.variant = 'primary'
      submit.textContent = 'Import'
      form.append(label, hint, field, error, submit)
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        let key: ReturnType<typeof parse>
        try {
          key = parse(field.value)
        } catch (cause) {
          error.textContent = cause instanceof Error ? cause.message : 'Not a valid key'
          field.setAttribute('aria-invalid', 'true')
          field.setAttribute('aria-describedby', 'foyer-import-hint foyer-import-error')
          field.focus()
          return
        }
        // The text leaves the page's DOM at once; only the parsed bytes go on, in memory.
        field.value = ''
        status('done', 'Importing…')
        resolve(key)
      })
      root.replaceChildren(form)
      field.focus()
    })

  return {
    askImportKey,
    showImported: (address) => status('done', `Imported ${address}`),
    showError: (message) => status('error', message),
  }
}
