import { z } from 'zod'

/**
 * zod's global configuration for the frame pages, applied when this module is evaluated: `jitless`, so zod
 * never compiles parsers with `new Function` and never probes whether it may. The frame's
 * `Content-Security-Policy` has no `'unsafe-eval'`, and the probe, although zod catches its error, is still
 * reported as a `securitypolicyviolation` on every load (see `docs/content-security-policy.md`). Each
 * entry imports this module before any module that defines a schema, since zod decides at schema
 * construction.
 */
export const zodConfig = z.config({ jitless: true })
