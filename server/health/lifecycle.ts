// Whether this process is stopping: from SIGTERM on, /readyz answers 503 so a load balancer stops sending new
// requests while the ones in flight finish (one process's own state, by nature).
let stopping = false;

export function beginShutdown(): void {
  stopping = true;
}

export function shuttingDown(): boolean {
  return stopping;
}
