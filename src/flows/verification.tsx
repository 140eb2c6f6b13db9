// Card verification for its views: the photo upload flow, the list of cards, and adding a card (bound to the API in
// src/wiring/verification.ts), or a test's fakes.
import { useLocation } from 'wouter';
import type { Verification } from '../api/schemas/verification.ts';
import { useLocalizedPath } from '../i18n/useLocalizedPath.ts';
import { fetchVerifications, wiredAddCardMachine, wiredVerificationUploadMachine } from '../wiring/verification.ts';
import { flowContext, type FlowPage } from './flowContext.tsx';
import { usePagedList, type PagedListView } from './pagedList.ts';

const uploadFlow = flowContext(wiredVerificationUploadMachine);

export const VerificationUploadProvider = uploadFlow.Provider;
export const useVerificationUpload = uploadFlow.useFlowActor;

export function useVerifications(size: number): PagedListView<Verification> {
  return usePagedList<Verification>(fetchVerifications, { size });
}

const addCardFlow = flowContext(wiredAddCardMachine, (page: FlowPage<{ open: (path: string) => void }>) => ({
  actions: { openVerification: (_, { uuid }) => page().open(`/verification/${uuid}`) },
}));

/** The "add a card" form; a created verification opens its page through the router the form sits in. */
export function useAddCardForm() {
  const [, navigate] = useLocation();
  const localize = useLocalizedPath();
  return addCardFlow.useFlowActor(undefined, { open: (path) => navigate(localize(path)) });
}
