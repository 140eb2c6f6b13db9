// Failed sign-ins are counted per client IP and e-mail: after MAX_FAILURES within the window that pair must
// wait (429 + Retry-After) — password guessing stops without locking the real owner out from elsewhere.
const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;
const MAX_KEYS = 50_000;

const failures = new Map<string, number[]>();

function key(ip: string, email: string): string {
  return `${ip}|${email}`;
}

function recent(entry: string): number[] {
  const now = Date.now();
  const kept = (failures.get(entry) ?? []).filter((at) => now - at < WINDOW_MS);
  if (kept.length === 0) failures.delete(entry);
  else failures.set(entry, kept);
  return kept;
}

/** Seconds to wait before another attempt, or 0 when an attempt is allowed. `scale` 0 disables the limit. */
export function loginRetryAfter(ip: string, email: string, scale = 1): number {
  if (scale === 0) return 0;
  const times = recent(key(ip, email));
  const allowed = Math.max(1, Math.round(MAX_FAILURES * scale));
  if (times.length < allowed) return 0;
  const oldest = times[times.length - allowed] ?? Date.now();
  return Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
}

export function recordLoginFailure(ip: string, email: string): void {
  if (failures.size >= MAX_KEYS) failures.clear();
  const entry = key(ip, email);
  failures.set(entry, [...recent(entry), Date.now()]);
}

export function clearLoginFailures(ip: string, email: string): void {
  failures.delete(key(ip, email));
}
