import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import type { ExportedKey } from '../frame/ExportedKey'
import { type KeyPageHost, prepareKeyPage } from '../keyPage/prepareKeyPage'
import { exportStyles } from './exportStyles'
import type { ExportPageMessages } from './messages/en'
import { exportPageMessages } from './messages/exportPageMessages'

/**
 * The export page's view: `show(key)` once the frame rebuilt the key; `showCopyButtons(key)` instead when the
 * host embeds the page as a single row of buttons (the reference client's export, docs/interop.md);
 * `showError(message)` when the export was refused.
 */
export type ExportView = {
  show(key: ExportedKey): void
  showCopyButtons(key: ExportedKey): void
  showError(message: string): void
}

type Secret = {
  kind: 'key' | 'phrase'
  title: string
  warning: string
  reveal: string
  copy: string
  copied: string
  hide: string
  value: string
  render(document: Document): HTMLElement
}

function element<Tag extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: Tag,
  properties: { className?: string; text?: string } = {},
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag)
  if (properties.className) node.className = properties.className
  if (properties.text !== undefined) node.textContent = properties.text
  return node
}

function button(document: Document, label: string, variant: 'primary' | 'secondary' | 'link') {
  const node = element(document, 'button', { className: 'button', text: label })
  node.type = 'button'
  node.dataset.variant = variant
  return node
}

function copyButton(document: Document, label: string, copied: string, value: string): HTMLButtonElement {
  const node = button(document, label, 'secondary')
  let timer: ReturnType<typeof setTimeout> | undefined
  node.addEventListener('click', () => {
    void document.defaultView?.navigator.clipboard?.writeText(value).then(() => {
      node.textContent = copied
      clearTimeout(timer)
      timer = setTimeout(() => {
        node.textContent = label
      }, COPY_FEEDBACK_MS)
    })
  })
  return node
}

/** One secret: hidden behind its warning until 'Reveal …'; then shown with Copy and Hide (docs/modal.md). */
function secretSection(document: Document, secret: Secret): HTMLElement {
  const section = element(document, 'section')
  const head = element(document, 'div', { className: 'head' })
  const actions = element(document, 'div', { className: 'actions' })
  head.append(element(document, 'h2', { text: secret.title }), actions)
  const slot = element(document, 'div', { className: 'slot' })
  slot.dataset.secret = secret.kind
  section.append(head, slot)

  const hide = () => {
    const reveal = button(document, secret.reveal, 'primary')
    reveal.addEventListener('click', () => show(true))
    actions.replaceChildren()
    slot.replaceChildren(element(document, 'p', { className: 'warning', text: secret.warning }), reveal)
    slot.dataset.revealed = 'false'
    return reveal
  }
  const show = (moveFocus: boolean) => {
    const copy = copyButton(document, secret.copy, secret.copied, secret.value)
    const hideButton = button(document, secret.hide, 'link')
    hideButton.addEventListener('click', () => hide().focus())
    actions.replaceChildren(hideButton, copy)
    slot.replaceChildren(secret.render(document))
    slot.dataset.revealed = 'true'
    // The reveal button is gone: focus moves to what now stands for it.
    if (moveFocus) copy.focus()
  }
  hide()
  return section
}

function keySecret(key: ExportedKey, m: ExportPageMessages): Secret {
  return {
    kind: 'key',
    title: m.privateKey,
    warning: m.keyWarning,
    reveal: m.revealKey,
    copy: m.copyKey,
    copied: m.copied,
    hide: m.hide,
    value: key.privateKey,
    render: (document) => {
      const output = element(document, 'div', { className: 'secret', text: key.privateKey })
      output.setAttribute('role', 'group')
      output.setAttribute('aria-label', m.privateKey)
      return output
    },
  }
}

function phraseSecret(mnemonic: string, m: ExportPageMessages): Secret {
  return {
    kind: 'phrase',
    title: m.recoveryPhrase,
    warning: m.phraseWarning,
    reveal: m.revealPhrase,
    copy: m.copyPhrase,
    copied: m.copied,
    hide: m.hide,
    value: mnemonic,
    render: (document) => {
      const list = element(document, 'ol', { className: 'words' })
      list.setAttribute('aria-label', m.recoveryPhrase)
      mnemonic.split(' ').forEach((word, index) => {
        // A space between the words keeps the list's text the phrase itself; the numbers are list markers.
        if (index > 0) list.append(document.createTextNode(' '))
        list.append(element(document, 'li', { text: word }))
      })
      return list
    },
  }
}

/**
 * Prepares the export page (`/apps/{appId}/embedded-wallets/export`, docs/modal.md "Key export"): adopts its
 * style sheet, applies the host's theme from the query after `readExportTheme` checked it, takes its texts
 * from the query's `locale` (the modal's language: en, de, es, fr, ja, pt, zh-CN; anything else English) with
 * the document's `lang` and title, and renders the page heading. `show(key)` then renders, inside this frame
 * only, the private key and (for a non-imported Ethereum wallet) the recovery phrase: each hidden behind a
 * warning until the user reveals it, one at a time; the phrase as numbered words that never break; Copy and
 * Hide per secret; the wallet address. `showCopyButtons(key)` renders only a row of Copy buttons (key, and
 * phrase when there is one) that write the secret to the clipboard without showing it, for a host that embeds
 * the page 44 px tall. Text nodes only, no HTML parsing. `host` hears of the page's height
 * and of Escape (neither carries a secret). The secrets never leave this document (docs/security.md).
 *
 * @example
 * const view = createExportView(document, document.getElementById('foyer-export')!, new URLSearchParams('locale=de'))
 * view.show({ chainType: 'ethereum', address, privateKey, mnemonic })
 */
export function createExportView(
  document: Document,
  root: HTMLElement,
  query: URLSearchParams,
  host: KeyPageHost = {},
): ExportView {
  prepareKeyPage(document, root, query, exportStyles, host)
  const { lang, messages: m } = exportPageMessages(query.get('locale'))
  document.documentElement.lang = lang
  document.title = m.pageTitle
  const heading = element(document, 'h1', { className: 'sr-only', text: m.heading })
  root.replaceChildren(heading)
  return {
    show(key) {
      const address = element(document, 'p', { className: 'address' })
      address.append(
        element(document, 'span', { text: m.address }),
        element(document, 'code', { text: key.address }),
      )
      root.replaceChildren(heading, secretSection(document, keySecret(key, m)))
      if (key.mnemonic) root.append(secretSection(document, phraseSecret(key.mnemonic, m)))
      root.append(address)
    },
    showCopyButtons(key) {
      const row = element(document, 'div', { className: 'copy-row' })
      row.append(copyButton(document, m.copyKey, m.copied, key.privateKey))
      if (key.mnemonic) row.append(copyButton(document, m.copyPhrase, m.copied, key.mnemonic))
      root.replaceChildren(heading, row)
    },
    showError(message) {
      const text = element(document, 'p', { className: 'error', text: message })
      text.setAttribute('role', 'alert')
      root.replaceChildren(heading, text)
    },
  }
}
