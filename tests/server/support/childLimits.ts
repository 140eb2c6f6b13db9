// Limits for a Node child a test waits for with spawnSync: loading the server's modules takes a while on a busy
// machine, and a child stuck past that is killed outright. spawnSync waits for the child's exit, and once a child hung
// before its first line (main thread in a futex wait, SIGTERM unheard), holding the whole suite for 15 minutes.
export const CHILD_LIMITS = { timeout: 90_000, killSignal: 'SIGKILL' } as const;
