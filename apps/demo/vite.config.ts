import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The demo host app. `VITE_FOYER_API_URL` points it at a Foyer server (default http://127.0.0.1:8787);
 * `VITE_ANVIL_RPC_URL` and `VITE_SOLANA_RPC_URL` at the local chains (defaults :8545 and :8899).
 */
export default defineConfig({
  plugins: [react()],
  server: { host: 'localhost', port: 5173, strictPort: false },
  // The wallet screens load lazily; pre-bundle their dependencies at start so the dev server does not
  // re-optimize (and reload the page) the first time a wallet screen opens.
  optimizeDeps: { include: ['viem', 'zod', '@scure/bip39/wordlists/english.js', '@solana/kit'] },
})
