const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const style = `<style>body{font:15px system-ui,sans-serif;margin:24px;max-width:420px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#555}dd{margin:0;word-break:break-all}label{display:block;margin:12px 0}button{margin:12px 8px 0 0;padding:8px 14px}</style>`

/** What the pay page shows of one checkout. */
export type PayPageCheckout = {
  /** The checkout's id, posted back by the page's buttons. */
  id: string
  experience: string
  asset: string
  network: string
  address: string
  amount: string
  paymentMethod: string
  partnerUserRef: string
}

/**
 * The stand-in's pay page (`pay.coinbase.com/buy/select-asset`): names the asset, network, destination
 * address and payment method of the session, an editable amount (`presetCryptoAmount`), and the buttons
 * 'Buy now' and 'Decline payment', which post the checkout to `/buy/complete`.
 */
export function payPage(checkout: PayPageCheckout): string {
  const row = (label: string, value: string, test: string) =>
    `<dt>${label}</dt><dd data-testid="${test}">${escapeHtml(value)}</dd>`
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Coinbase Onramp (stand-in)</title>${style}
<h1>Buy ${escapeHtml(checkout.asset)}</h1>
<p>This is the local Coinbase Onramp stand-in: no money moves, the purchase is delivered on the local chain.</p>
<form method="post" action="/buy/complete">
<input type="hidden" name="checkout" value="${escapeHtml(checkout.id)}">
<dl>${row('Network', checkout.network, 'network')}${row('To', checkout.address, 'address')}${row('Pay with', checkout.paymentMethod, 'payment-method')}${row('Experience', checkout.experience, 'experience')}${row('Reference', checkout.partnerUserRef, 'partner-user-ref')}</dl>
<label>Amount (${escapeHtml(checkout.asset)}) <input name="amount" inputmode="decimal" required pattern="[0-9]*[.]?[0-9]+" value="${escapeHtml(checkout.amount)}"></label>
<button type="submit" name="outcome" value="buy">Buy now</button><button type="submit" name="outcome" value="decline" formnovalidate>Decline payment</button>
</form></html>`
}

/** The page after a purchase: its outcome, and a 'Close' button that closes the popup. */
export function resultPage(result: { title: string; detail: string }): string {
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(result.title)}</title>${style}
<h1 role="status">${escapeHtml(result.title)}</h1><p>${escapeHtml(result.detail)}</p>
<button type="button" onclick="window.close()">Close</button></html>`
}

/** An error page (invalid or spent session token, unknown app…), as the pay page answers them. */
export function errorPage(message: string): string {
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Coinbase Onramp (stand-in)</title>${style}
<h1>Something went wrong</h1><p role="alert">${escapeHtml(message)}</p></html>`
}
