import { z } from 'zod'

// In a browser page, zod runs jitless: it never compiles object parsers with `new Function` and never
// probes whether it may. Host pages and the wallet frame commonly have a Content-Security-Policy without
// `'unsafe-eval'`, where the probe alone (its error caught by zod) is reported as a
// `securitypolicyviolation` on every load (docs/content-security-policy.md). zod reads this setting when a
// schema is built, so every module of this package that builds schemas imports this one first (its test
// checks that), and the package's `sideEffects` lists it so bundlers keep it. Servers (no `document`) keep
// zod's compiled parsers. `in` looks for the global without reading it: server rendering may trap reads.
if ('document' in globalThis) z.config({ jitless: true })
