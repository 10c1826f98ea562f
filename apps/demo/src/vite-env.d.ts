/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FOYER_API_URL?: string
  readonly VITE_ANVIL_RPC_URL?: string
  readonly VITE_SOLANA_RPC_URL?: string
}
