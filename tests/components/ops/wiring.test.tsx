// The console's wiring: each wired machine or named call reaches its /ops-api/ endpoint with the request the form
// means, and a form's flow, built once, still saves the record and tells the screen of its latest render.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createActor, waitFor as settled } from 'xstate';
import { DecisionForm } from '../../../src/ops/DecisionForm.tsx';
import { EditForm } from '../../../src/ops/EditForm.tsx';
import { opsLists } from '../../../src/ops/wiring/lists.ts';
import { opsResources } from '../../../src/ops/wiring/resources.ts';
import { renderWithI18n } from '../render.tsx';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), { status: 200 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('wired reads', () => {
  it('loads the claim its params name, and the same claim again on reload', async () => {
    const actor = createActor(opsResources.claim.logic, { input: { params: 'c0ffee00-0000-4000-8000-000000000001' } }).start();
    await settled(actor, (state) => state.matches('ready'));
    actor.send({ type: 'reload' });
    await settled(actor, (state) => state.matches('ready'));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /ops-api/v1/claims/c0ffee00-0000-4000-8000-000000000001/',
      'GET /ops-api/v1/claims/c0ffee00-0000-4000-8000-000000000001/',
    ]);
  });

  it('asks a list for the status tab and page the machine holds', async () => {
    const actor = createActor(opsLists.verifications.logic, { input: { filters: { status: 'pending' } } }).start();
    await settled(actor, (state) => state.matches('ready'));
    actor.send({ type: 'filters.changed', filters: { status: 'rejected' } });
    await settled(actor, (state) => state.matches('ready'));
    expect(calls.map((call) => call.url)).toEqual([
      '/ops-api/v1/verifications/?status=pending&page=1&size=50',
      '/ops-api/v1/verifications/?status=rejected&page=1&size=50',
    ]);
  });
});

describe('wired saves and decisions', () => {
  it('saves the reserve of the latest render, as a decimal with a point, with the amount it showed, and tells the latest screen', async () => {
    const firstSaved = vi.fn();
    const latestSaved = vi.fn();
    const form = (code: string, onSaved: () => void) => (
      <I18nProvider i18n={i18n}>
        <EditForm
          save="setReserve"
          target={{ code, amount: '1.5' }}
          fields={[{ name: 'amount', label: 'Reserve' }]}
          editLabel="Change"
          current={() => ({ amount: '1' })}
          onSaved={onSaved}
        />
      </I18nProvider>
    );
    const view = render(form('BTC', firstSaved));
    view.rerender(form('ETH', latestSaved));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reserve' }), { target: { value: ' 2,5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(latestSaved).toHaveBeenCalledOnce());
    expect(firstSaved).not.toHaveBeenCalled();
    expect(calls).toEqual([{ method: 'PUT', url: '/ops-api/v1/reserves/ETH/', body: { amount: '2.5', expected: '1.5' } }]);
  });

  it('rejects the verification it was given, with the reason the client will read', async () => {
    const decided = vi.fn();
    renderWithI18n(
      <DecisionForm
        send="decideVerification"
        target="5eed0000-0000-4000-8000-000000000002"
        options={[
          { value: 'approve', needsReason: false, label: 'Approve' },
          { value: 'reject', needsReason: true, label: 'Reject' },
        ]}
        onDecided={decided}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'The photo is blurred' } });
    fireEvent.click(screen.getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(decided).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/ops-api/v1/verifications/5eed0000-0000-4000-8000-000000000002/reject/',
        body: { reason: 'The photo is blurred' },
      },
    ]);
  });
});
