// The public status call: every listed direction, offered or paused and why.
import { api } from './client.ts';
import { statusResponse, type StatusResponse } from './schemas/status.ts';

/** GET /api/v1/status/. */
export async function fetchStatus(): Promise<StatusResponse> {
  return statusResponse.parse(await api.get('/api/v1/status/').json());
}
