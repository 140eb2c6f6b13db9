// The account activation of a mailed link's token (src/app/wiring/activation.ts): started at once, retried on request.
import { activationActor } from '../wiring/activation.ts';
import { useRequestView } from './request.ts';

export function useActivation(token: string) {
  return useRequestView(activationActor(token));
}
