// The <form> of the sign-in, sign-up and recovery forms: the machine validates (so no browser bubbles), the
// form is marked busy while a call runs, and submitting only tells the machine.
import type { ReactNode } from 'react';

export function AuthForm({ busy, onSubmit, children }: { busy: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
