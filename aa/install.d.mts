/** The aa folder's absolute path, with a trailing slash. */
export declare const aaRoot: string

/** Whether `aa/node_modules` is missing or older than `aa/package-lock.json`. */
export declare function aaNeedsInstall(): boolean

/**
 * Installs aa/ with `npm ci` when {@link aaNeedsInstall}, under a lock shared by concurrent callers.
 *
 * @returns whether this call installed, and how long it took in ms
 * @throws Error with npm's output when `npm ci` fails; Error when another install holds the lock past 10 min
 */
export declare function installAa(): Promise<{ installed: boolean; ms: number }>
