import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyModule, useLazyModule, type LazyModule } from '../../../../src/flows/lazyModule.ts';

interface Greeting {
  greet: () => string;
}

/** An importer that answers from `answers` in turn (an Error fails the import) and counts its calls. */
function importer(answers: (Greeting | Error)[]) {
  const calls = { count: 0 };
  const lazy = lazyModule(async () => {
    const answer = answers[Math.min(calls.count, answers.length - 1)]!;
    calls.count += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { lazy, calls };
}

const hello: Greeting = { greet: () => 'hello' };

/** Shows what the module says, or "waiting". */
function Uses({ lazy, wanted }: { lazy: LazyModule<Greeting>; wanted?: boolean }) {
  const module = useLazyModule(lazy, wanted);
  return <p>{module ? module.greet() : 'waiting'}</p>;
}

describe('useLazyModule', () => {
  it('imports nothing while the module is not wanted, then imports it once for every view', async () => {
    const { lazy, calls } = importer([hello]);
    const page = render(<Uses lazy={lazy} wanted={false} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.count).toBe(0);
    expect(screen.getByText('waiting')).toBeInTheDocument();

    page.rerender(
      <>
        <Uses lazy={lazy} wanted />
        <Uses lazy={lazy} />
      </>,
    );
    expect(await screen.findAllByText('hello')).toHaveLength(2);
    expect(calls.count).toBe(1);
  });

  it('hands a module imported before to a new view without importing it again', async () => {
    const { lazy, calls } = importer([hello]);
    await lazy();
    render(<Uses lazy={lazy} />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it('goes on without the module after a failed import, and the next view imports it again', async () => {
    const { lazy, calls } = importer([new Error('offline'), hello]);
    const first = render(<Uses lazy={lazy} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.count).toBe(1);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    first.unmount();

    render(<Uses lazy={lazy} />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(calls.count).toBe(2);
  });
});
