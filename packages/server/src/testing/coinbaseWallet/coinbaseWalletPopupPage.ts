// The page of the Coinbase Wallet popup stand-in: what `@coinbase/wallet-sdk` 4.x opens at
// `preference.keysUrl` (docs/external-wallets.md "Coinbase Wallet"). It speaks the SDK's postMessage protocol
// with its opener: `PopupLoaded`, the SDK's config message, `selectSignerType` (answered `scw`), the handshake
// (ECDH P-256 keys exchanged as SPKI hex in `sender`, the shared secret an AES-256-GCM key) and encrypted
// requests (`{ action, chainId }` under AES-GCM with a 12-byte IV). It refuses what the wallet refuses: a
// message from another origin than the `origin` query parameter, a request that is not encrypted, and an
// encrypted one from a key that never shook hands (or from another origin). It closes itself after a second
// without a request. The page decrypts; the stand-in's
// server (`POST rpc`) answers as the user approving with the test key.

const script = `
const params = new URLSearchParams(location.search)
const dappOrigin = params.get('origin')
const status = document.getElementById('status')
const curve = { name: 'ECDH', namedCurve: 'P-256' }
const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
const unhex = (text) => new Uint8Array((text.match(/.{1,2}/g) || []).map((b) => Number.parseInt(b, 16)))
const show = (text) => { status.textContent = text }

async function ownKeys() {
  const stored = localStorage.getItem('foyer-cbw:own')
  if (stored) {
    const { privateHex, publicHex } = JSON.parse(stored)
    const privateKey = await crypto.subtle.importKey('pkcs8', unhex(privateHex), curve, true, ['deriveKey'])
    return { privateKey, publicHex }
  }
  const pair = await crypto.subtle.generateKey(curve, true, ['deriveKey'])
  const privateHex = hex(await crypto.subtle.exportKey('pkcs8', pair.privateKey))
  const publicHex = hex(await crypto.subtle.exportKey('spki', pair.publicKey))
  localStorage.setItem('foyer-cbw:own', JSON.stringify({ privateHex, publicHex }))
  return { privateKey: pair.privateKey, publicHex }
}

async function sharedKey(own, peerHex) {
  const peer = await crypto.subtle.importKey('spki', unhex(peerHex), curve, true, [])
  return crypto.subtle.deriveKey({ name: 'ECDH', public: peer }, own.privateKey, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

async function encrypt(key, value) {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)))
  return { iv, cipherText }
}

async function decrypt(key, encrypted) {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: encrypted.iv }, key, encrypted.cipherText)
  return JSON.parse(new TextDecoder().decode(plain))
}

const post = (message) => window.opener && window.opener.postMessage(message, dappOrigin)
const report = (body) => fetch('rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, origin: dappOrigin }) }).then((r) => r.json())
// Like the wallet's popup, it stays open for the app's next request (the SDK reuses an open popup) and closes
// itself once idle for a second, telling the SDK with PopupUnload.
let closing = false
let idle
const finish = () => {
  clearTimeout(idle)
  idle = setTimeout(() => {
    closing = true
    post({ event: 'PopupUnload' })
    window.close()
  }, 1000)
}
addEventListener('pagehide', () => { if (!closing) post({ event: 'PopupUnload' }) })

addEventListener('message', async (event) => {
  if (event.source !== window.opener) return
  if (event.origin !== dappOrigin) {
    report({ refused: 'origin', from: event.origin })
    return
  }
  const message = event.data || {}
  clearTimeout(idle)
  if (message.requestId && message.data && typeof message.data === 'object' && 'version' in message.data) {
    show('Connected to ' + dappOrigin)
    return
  }
  if (message.event === 'selectSignerType') {
    post({ requestId: message.id, data: 'scw' })
    return
  }
  if (typeof message.id !== 'string' || typeof message.sender !== 'string' || !message.content) return
  const own = await ownKeys()
  const reply = (content) => post({ requestId: message.id, sender: own.publicHex, content, timestamp: new Date() })
  const failure = (code, text, refused) => {
    report({ refused })
    reply({ failure: { code, message: text } })
    show(text)
    finish()
  }
  try {
    if (message.content.handshake) {
      const key = await sharedKey(own, message.sender)
      const { method, params } = message.content.handshake
      show('Request: ' + method)
      const answer = await report({ method, params, chainId: null })
      localStorage.setItem('foyer-cbw:peer:' + message.sender, dappOrigin)
      reply({ encrypted: await encrypt(key, answer) })
      show(('error' in answer.result ? 'Refused: ' : 'Approved: ') + method)
      finish()
      return
    }
    if (!message.content.encrypted) return failure(-32600, 'The request is not encrypted.', 'unencrypted')
    if (localStorage.getItem('foyer-cbw:peer:' + message.sender) !== dappOrigin)
      return failure(4100, 'Unauthorized: no session for this key.', 'unknown_key')
    const key = await sharedKey(own, message.sender)
    const request = await decrypt(key, message.content.encrypted)
    const method = request.action && request.action.method
    show('Request: ' + method)
    const answer = await report({ method, params: request.action.params, chainId: request.chainId })
    reply({ encrypted: await encrypt(key, answer) })
    show(('error' in answer.result ? 'Refused: ' : 'Approved: ') + method)
    finish()
  } catch (error) {
    failure(-32603, 'The request could not be read.', 'unreadable')
  }
})

if (!dappOrigin || !window.opener) show('Open this page from Coinbase Wallet SDK (no opener or no origin).')
else post({ event: 'PopupLoaded', id: crypto.randomUUID() })
`

/** The popup page's HTML: a status line and the protocol script (inline; the stand-in sets no CSP). */
export const coinbaseWalletPopupPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Coinbase Wallet (test stand-in)</title></head>
<body>
<h1>Coinbase Wallet (test stand-in)</h1>
<p id="status" role="status">Waiting for the app…</p>
<script type="module">${script}</script>
</body>
</html>
`
