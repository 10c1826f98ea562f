import { defineConfig } from 'drizzle-kit'

/** `npm run db:generate -w @foyer/server` writes SQL migrations for the feature tables into `drizzle/`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/features/*/schema.ts',
  out: './drizzle',
})
