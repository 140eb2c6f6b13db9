// A console list screen's flow (filters, page, the loaded page) through its wired opsList machine
// (src/ops/wiring/lists.ts).
import { useSelector } from '@xstate/react';
import type { OpsListFilters } from '../../machines/opsList.ts';
import type { Paged } from '../api/schemas/common.ts';
import type { OpsListLogic } from './wiring/lists.ts';

export function useOpsList<Item>(list: OpsListLogic<Item>, filters: OpsListFilters) {
  const actor = list.useFlowActor({ filters });
  const { draft, query, error } = useSelector(actor, (state) => state.context);
  const result = useSelector(actor, (state) => state.context.result) as Paged<Item> | null;
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const failed = useSelector(actor, (state) => state.matches('failed'));
  return { actor, draft, query, result, error, busy, failed };
}

export type OpsList<Item> = ReturnType<typeof useOpsList<Item>>;
