import { describe, expect, it } from 'vitest';
import { loginDialogMachine } from '../../machines/loginDialog.ts';
import { startMachine } from './harness.ts';

describe('closed', () => {
  it('starts closed and ignores a close', () => {
    const actor = startMachine(loginDialogMachine);
    actor.send({ type: 'loginDialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('opens on request', () => {
    const actor = startMachine(loginDialogMachine);
    actor.send({ type: 'loginDialog.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });
});

describe('open', () => {
  it('stays open when asked again, and closes on request', () => {
    const actor = startMachine(loginDialogMachine);
    actor.send({ type: 'loginDialog.open' });
    actor.send({ type: 'loginDialog.open' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'loginDialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });
});
