import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The demo host app. `VITE_FOYER_API_URL` points it at a Foyer server (default http://127.0.0.1:8787). */
export default defineConfig({
  plugins: [react()],
  server: { host: 'localhost', port: 5173, strictPort: false },
})
