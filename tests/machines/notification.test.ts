import { describe, expect, it } from 'vitest';
import { notificationMachine, type Notice } from '../../machines/notification.ts';
import { startMachine } from './harness.ts';

const first: Notice = { title: 'Notification', message: '<p>Minimum amount changed</p>' };
const second: Notice = { title: 'Done', subtitle: 'Claim', message: 'Saved', hideClose: true, mini: true };
const third: Notice = { title: 'Third', message: 'x' };

describe('idle', () => {
  it('starts with nothing shown', () => {
    const actor = startMachine(notificationMachine);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ current: null, queue: [] });
  });

  it('notice.show shows the notice', () => {
    const actor = startMachine(notificationMachine);
    actor.send({ type: 'notice.show', notice: first });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.current).toEqual(first);
  });

  it('ignores notice.close', () => {
    const actor = startMachine(notificationMachine);
    actor.send({ type: 'notice.close' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe('showing', () => {
  it('queues a notice asked for while one is open, keeping the current one', () => {
    const actor = startMachine(notificationMachine);
    actor.send({ type: 'notice.show', notice: first });
    actor.send({ type: 'notice.show', notice: second });
    actor.send({ type: 'notice.show', notice: third });
    expect(actor.getSnapshot().context.current).toEqual(first);
    expect(actor.getSnapshot().context.queue).toEqual([second, third]);
  });

  it('notice.close shows the next queued notice, in order', () => {
    const actor = startMachine(notificationMachine);
    actor.send({ type: 'notice.show', notice: first });
    actor.send({ type: 'notice.show', notice: second });
    actor.send({ type: 'notice.show', notice: third });
    actor.send({ type: 'notice.close' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.current).toEqual(second);
    expect(actor.getSnapshot().context.queue).toEqual([third]);
    actor.send({ type: 'notice.close' });
    expect(actor.getSnapshot().context.current).toEqual(third);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('notice.close with an empty queue goes back to idle', () => {
    const actor = startMachine(notificationMachine);
    actor.send({ type: 'notice.show', notice: first });
    actor.send({ type: 'notice.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.current).toBeNull();
  });
});
