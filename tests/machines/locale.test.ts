import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { localeMachine, type LocaleEvent } from '../../machines/locale.ts';
import { startMachine } from './harness.ts';
import { deferred, type Deferred } from './deferred.ts';
import type { Locale } from '../../src/domain/locale.ts';

/** Catalog loads are held until the test settles them; every side effect is logged in order. */
function start(locale: Locale = 'ru') {
  const loads: { locale: Locale; answer: Deferred<void> }[] = [];
  const log: string[] = [];
  const machine = localeMachine.provide({
    actors: {
      loadCatalog: fromPromise<void, { locale: Locale }>(({ input }) => {
        const answer = deferred<void>();
        loads.push({ locale: input.locale, answer });
        log.push(`load:${input.locale}`);
        return answer.promise;
      }),
    },
    actions: {
      activate: (_, { locale: active }) => log.push(`activate:${active}`),
      rememberChoice: (_, { locale: chosen }) => log.push(`cookie:${chosen}`),
      navigate: (_, { to }) => log.push(`navigate:${to}`),
    },
  });
  const actor = startMachine(machine, { input: { locale } });
  const settle = async (ok = true) => {
    const last = loads[loads.length - 1]!;
    if (ok) last.answer.resolve();
    else last.answer.reject(new Error('offline'));
    await last.answer.promise.catch(() => undefined);
    await Promise.resolve();
  };
  return { actor, loads, log, settle };
}

async function ready(locale: Locale = 'ru') {
  const started = start(locale);
  await started.settle();
  await waitFor(started.actor, (s) => s.matches('ready'));
  started.log.length = 0;
  return started;
}

describe('loading', () => {
  it('loads the catalog of the URL language first', () => {
    const { actor, log } = start('en');
    expect(actor.getSnapshot().value).toBe('loading');
    expect(log).toEqual(['load:en']);
  });

  it('activates the language once its catalog is loaded', async () => {
    const { actor, log, settle } = start('en');
    await settle();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(log).toEqual(['load:en', 'activate:en']);
  });

  it('fails when the catalog cannot be loaded', async () => {
    const { actor, log, settle } = start('ru');
    await settle(false);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('catalog_load_failed');
    expect(log).toEqual(['load:ru']);
  });
});

describe('ready', () => {
  it('locale.switch to the other language loads it', async () => {
    const { actor, log } = await ready('ru');
    actor.send({ type: 'locale.switch', locale: 'en', target: '/en/rules?x=1' });
    expect(actor.getSnapshot().value).toBe('switching');
    expect(actor.getSnapshot().context.pending).toBe('en');
    expect(actor.getSnapshot().context.target).toBe('/en/rules?x=1');
    expect(log).toEqual(['load:en']);
  });

  it('locale.switch to the active language does nothing', async () => {
    const { actor, log } = await ready('ru');
    actor.send({ type: 'locale.switch', locale: 'ru', target: '/rules' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(log).toEqual([]);
  });

  it('route.changed to the other language loads and activates it without a cookie', async () => {
    const { actor, log, settle } = await ready('ru');
    actor.send({ type: 'route.changed', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(log).toEqual(['load:en', 'activate:en']);
  });

  it('route.changed within the same language does nothing', async () => {
    const { actor, log } = await ready('en');
    actor.send({ type: 'route.changed', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(log).toEqual([]);
  });
});

describe('switching', () => {
  it('loads, remembers the choice, activates, then goes to the same page in the new language', async () => {
    const { actor, log, settle } = await ready('ru');
    actor.send({ type: 'locale.switch', locale: 'en', target: '/en?cur_from=BTC&cur_to=SBERRUB' });
    await settle();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(log).toEqual(['load:en', 'cookie:en', 'activate:en', 'navigate:/en?cur_from=BTC&cur_to=SBERRUB']);
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'en', target: null, error: null });
  });

  it('on a load failure stays in the current language and reports it', async () => {
    const { actor, log, settle } = await ready('ru');
    actor.send({ type: 'locale.switch', locale: 'en', target: '/en' });
    await settle(false);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(log).toEqual(['load:en']);
    expect(actor.getSnapshot().context).toMatchObject({
      locale: 'ru',
      pending: 'ru',
      target: null,
      error: 'catalog_load_failed',
    });
  });

  it('a later successful switch clears the failure', async () => {
    const { actor, settle } = await ready('ru');
    actor.send({ type: 'locale.switch', locale: 'en', target: '/en' });
    await settle(false);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'locale.switch', locale: 'en', target: '/en' });
    await settle();
    await waitFor(actor, (s) => s.matches('ready') && s.context.locale === 'en');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('failed', () => {
  async function failed() {
    const started = start('ru');
    await started.settle(false);
    await waitFor(started.actor, (s) => s.matches('failed'));
    started.log.length = 0;
    return started;
  }

  it('locale.retry loads the same catalog again', async () => {
    const { actor, log, settle } = await failed();
    actor.send({ type: 'locale.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(log).toEqual(['load:ru', 'activate:ru']);
  });

  it('route.changed tries the language of the new URL', async () => {
    const { actor, log, settle } = await failed();
    actor.send({ type: 'route.changed', locale: 'en' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.locale).toBe('en');
    expect(log).toEqual(['load:en', 'activate:en']);
  });
});

describe('the route watcher', () => {
  it("loads the language the app's watcher reports a navigation to, and stops it with the machine", async () => {
    let navigate: (event: LocaleEvent) => void = () => undefined;
    const stopped = vi.fn();
    const machine = localeMachine.provide({
      actors: {
        loadCatalog: fromPromise<void, { locale: Locale }>(async () => undefined),
        watchRoute: fromCallback<LocaleEvent>(({ sendBack }) => {
          navigate = sendBack;
          return stopped;
        }),
      },
    });
    const actor = startMachine(machine, { input: { locale: 'ru' } });
    await waitFor(actor, (s) => s.matches('ready'));
    navigate({ type: 'route.changed', locale: 'en' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.locale === 'en');
    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
