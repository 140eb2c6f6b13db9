// Password change of the signed-in user (the current password is required by the server).
import { api } from './client.ts';
import type { passwordChangeRequest } from './schemas/user.ts';
import type * as z from 'zod/mini';

export async function changePassword(request: z.infer<typeof passwordChangeRequest>): Promise<void> {
  await api.post('/api/v1/users/me/password/', { json: request });
}
