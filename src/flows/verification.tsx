// Card verification for its views: the photo upload flow, the list of cards, and adding a card (bound to the API in
// src/wiring/verification.ts), or a test's fakes.
import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor } from 'xstate';
import { useLocation } from 'wouter';
import type { Verification } from '../api/schemas/verification.ts';
import { useLocalizedPath } from '../i18n/useLocalizedPath.ts';
import { inspect } from './inspector.ts';
import { fetchVerifications, wiredAddCardMachine, wiredVerificationUploadMachine } from '../wiring/verification.ts';
import { flowContext } from './flowContext.tsx';
import { usePagedList, type PagedListView } from './pagedList.ts';

const uploadFlow = flowContext(wiredVerificationUploadMachine);

export const VerificationUploadProvider = uploadFlow.Provider;
export const useVerificationUpload = uploadFlow.useFlowActor;

export function useVerifications(size: number): PagedListView<Verification> {
  return usePagedList<Verification>(fetchVerifications, { size });
}

type AddCardMachine = typeof wiredAddCardMachine;

/** The "add a card" form; a created verification opens its page through the router the form sits in. */
export function useAddCardForm(): Actor<AddCardMachine> {
  const [, navigate] = useLocation();
  const localize = useLocalizedPath();
  // wouter's navigate is stable for the life of the router, so the form is bound to it once.
  const [machine] = useState(() =>
    wiredAddCardMachine.provide({ actions: { openVerification: (_, { uuid }) => navigate(localize(`/verification/${uuid}`)) } }),
  );
  return useActorRef(machine, { inspect });
}
