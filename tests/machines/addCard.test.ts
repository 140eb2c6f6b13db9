import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { addCardMachine, CARD_CODES } from '../../machines/addCard.ts';
import type { Verification } from '../../src/api/schemas/verification.ts';
import { startMachine } from './harness.ts';

const VALID = '4276 3800 1234 5679';
const created: Verification = {
  id: 3,
  uuid: '0d7f0000-0000-4000-8000-000000000003',
  card: '427638******5679',
  status: 'draft',
  reason: null,
  images: 0,
  createdAt: '2026-11-21T09:00:00Z',
};

function start(create: () => Promise<Verification> = async () => created) {
  const cards: string[] = [];
  const opened: string[] = [];
  const machine = addCardMachine.provide({
    actions: { openVerification: (_, params) => void opened.push(params.uuid) },
    actors: {
      createVerification: fromPromise<Verification, { card: string }>(async ({ input }) => {
        cards.push(input.card);
        return create();
      }),
    },
  });
  return { actor: startMachine(machine), cards, opened };
}

describe('editing', () => {
  it('keeps what is typed and clears the card error', () => {
    const { actor } = start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: CARD_CODES.required } });
    actor.send({ type: 'card.changed', value: '4276' });
    expect(actor.getSnapshot().context).toMatchObject({ card: '4276', errors: {} });
  });
});

describe('editing: submit checks the form first', () => {
  it('needs a number', () => {
    const { actor, cards } = start();
    actor.send({ type: 'card.changed', value: '  ' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: CARD_CODES.required } });
    expect(cards).toEqual([]);
  });

  it('refuses a number failing the Luhn check', () => {
    const { actor } = start();
    actor.send({ type: 'card.changed', value: '4276 3800 1234 5678' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: CARD_CODES.checksum } });
  });

  it('drops letters as they are typed and says a card number is digits only', () => {
    const { actor } = start();
    actor.send({ type: 'card.changed', value: '4276 3800 1234 567O' });
    expect(actor.getSnapshot().context).toMatchObject({ card: '4276 3800 1234 567', errors: { card: { code: CARD_CODES.characters } } });
    actor.send({ type: 'card.changed', value: '4276380012345679' });
    expect(actor.getSnapshot().context).toMatchObject({ card: '4276 3800 1234 5679', errors: {} });
  });

  it('checks the length and the check digit on leaving the field, and leaves an empty field to the submit', () => {
    const { actor } = start();
    actor.send({ type: 'card.blurred' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'card.changed', value: '4276 3800 1234 5678' });
    actor.send({ type: 'card.blurred' });
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: CARD_CODES.checksum } });
    actor.send({ type: 'card.changed', value: VALID });
    actor.send({ type: 'card.blurred' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('refuses a number that is too short even if Luhn-valid', () => {
    const { actor } = start();
    actor.send({ type: 'card.changed', value: '4276 3800 13' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: CARD_CODES.length } });
  });
});

describe('submitting', () => {
  it('sends the digits and opens the created verification', async () => {
    const { actor, cards, opened } = start();
    actor.send({ type: 'card.changed', value: VALID });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(cards).toEqual(['4276380012345679']);
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().context.created).toEqual(created);
    expect(opened).toEqual([created.uuid]);
  });

  it('shows the server field error under the card', async () => {
    const { actor } = start(async () => {
      throw { card: ['This card is already verified.'] };
    });
    actor.send({ type: 'card.changed', value: VALID });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ card: { code: 'server', message: 'This card is already verified.' } });
  });
});

describe('editing: what a correction clears', () => {
  it('typing a new number clears the card error and the general error above the form', async () => {
    const { actor } = start(async () => {
      throw { card: ['This card is already verified.'], detail: 'Try another card.' };
    });
    actor.send({ type: 'card.changed', value: VALID });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['card', 'detail']);
    actor.send({ type: 'card.changed', value: '4276 3800 1234 5678 905' });
    expect(actor.getSnapshot().context).toMatchObject({ card: '4276 3800 1234 5678 905' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sending again clears the previous answer while the new one is awaited', async () => {
    let answer: Promise<Verification> = Promise.reject({ detail: 'Service unavailable.' });
    const { actor } = start(() => answer);
    actor.send({ type: 'card.changed', value: VALID });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ detail: { code: 'server', message: 'Service unavailable.' } });
    answer = new Promise(() => {});
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
