import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { mobileMenuMachine, type MobileMenuEvent } from '../../machines/mobileMenu.ts';
import { startMachine } from './harness.ts';

function start() {
  const calls: string[] = [];
  const machine = mobileMenuMachine.provide({
    actors: {
      scrollLock: fromCallback(() => {
        calls.push('lock');
        return () => calls.push('unlock');
      }),
    },
  });
  return { actor: startMachine(machine), calls };
}

describe('closed', () => {
  it('starts closed with the page scrollable', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('menu.toggle opens it and locks the page scroll', () => {
    const { actor, calls } = start();
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(calls).toEqual(['lock']);
  });

  it('menu.open opens it', () => {
    const { actor, calls } = start();
    actor.send({ type: 'menu.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(calls).toEqual(['lock']);
  });

  it('ignores closing events', () => {
    const { actor, calls } = start();
    actor.send({ type: 'menu.close' });
    actor.send({ type: 'menu.itemChosen' });
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual([]);
  });
});

describe('open', () => {
  function opened() {
    const started = start();
    started.actor.send({ type: 'menu.toggle' });
    started.calls.length = 0;
    return started;
  }

  it('menu.toggle closes it and unlocks the scroll', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual(['unlock']);
  });

  it('menu.close closes it', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'menu.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual(['unlock']);
  });

  it('choosing an item (a link, Register, login/logout) closes it', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'menu.itemChosen' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual(['unlock']);
  });

  it('a navigation closes it', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(calls).toEqual(['unlock']);
  });

  it('menu.open while open changes nothing (no second lock)', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'menu.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(calls).toEqual([]);
  });

  it('stopping the machine with the menu open unlocks the scroll', () => {
    const { actor, calls } = opened();
    actor.stop();
    expect(calls).toEqual(['unlock']);
  });

  it('stopping it closed unlocks nothing more', () => {
    const { actor, calls } = opened();
    actor.send({ type: 'menu.close' });
    actor.stop();
    expect(calls).toEqual(['unlock']);
  });
});

describe('the route watcher', () => {
  it("closes the open menu on the app watcher's navigation, and stops with the menu", () => {
    let navigate: (event: MobileMenuEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = mobileMenuMachine.provide({
      actors: {
        scrollLock: fromCallback(() => () => undefined),
        watchRoute: fromCallback<MobileMenuEvent>(({ sendBack }) => {
          navigate = sendBack;
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine);
    actor.send({ type: 'menu.open' });
    navigate({ type: 'route.changed' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
