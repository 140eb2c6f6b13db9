// What the signed-in operator's role may change on screen, by the one table of src/domain/operatorRoles.ts (the
// server refuses by it too): forms and decisions of a section the role cannot change are not shown, and a screen
// says in a short line that it is read-only for the role.
import { createContext, useContext, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { mayChange, type OperatorRole, type OpsSection } from '../domain/operatorRoles.ts';

/** The role of the session; null where none is known (a form rendered alone), which hides nothing. */
const OpsRoleContext = createContext<OperatorRole | null>(null);

export function OpsRoleProvider({ role, children }: { role: OperatorRole | null; children: ReactNode }) {
  return <OpsRoleContext.Provider value={role}>{children}</OpsRoleContext.Provider>;
}

/** Whether the operator may change `section`. */
export function useMayChange(section: OpsSection): boolean {
  const role = useContext(OpsRoleContext);
  return role === null || mayChange(role, section);
}

export function useRoleName(): (role: OperatorRole) => string {
  const { t } = useLingui();
  return (role) => ({ admin: t`admin`, operator: t`operator`, auditor: t`auditor (read only)` })[role];
}

/** A line saying the screen is read-only for the role, when it may change none of `sections`. */
export function ReadOnlyNote({ sections }: { sections: readonly OpsSection[] }) {
  const role = useContext(OpsRoleContext);
  if (role === null || sections.some((section) => mayChange(role, section))) return null;
  // The header names the role.
  return (
    <p role="note" className="rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-sm text-slate-700">
      <Trans>Read only for your role: you see the data but cannot change it here.</Trans>
    </p>
  );
}
