// Uploads are decoded and re-encoded in a small pool of worker threads, at most UPLOAD_CONCURRENCY at a time
// across the process: however many uploads arrive together, sharp never takes more than that many of libuv's
// threads, which argon2 (sign-ins) and DNS share. The rest wait their turn in order.
import { Worker } from 'node:worker_threads';
import type { ReencodeResult } from './reencode.ts';

export const UPLOAD_CONCURRENCY = 2;

interface Job {
  input: Uint8Array;
  resolve: (result: ReencodeResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

const waiting: Job[] = [];
const slots: Slot[] = [];

function startSlot(): Slot {
  const worker = new Worker(new URL('./reencodeWorker.ts', import.meta.url));
  // An idle pool must not keep the process alive.
  worker.unref();
  const slot: Slot = { worker, job: null };
  // One job per thread at a time: an answer is always the slot's current job's.
  worker.on('message', (result: ReencodeResult) => {
    const job = slot.job;
    slot.job = null;
    // Structured cloning hands the bytes back as a plain Uint8Array.
    if (result.ok) result.image.bytes = Buffer.from(result.image.bytes);
    job?.resolve(result);
    dispatch();
  });
  worker.on('error', (error: Error) => {
    slots.splice(slots.indexOf(slot), 1);
    slot.job?.reject(error);
    dispatch();
  });
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (waiting.length > 0) {
    const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < UPLOAD_CONCURRENCY ? startSlot() : null);
    if (!slot) return;
    const job = waiting.shift()!;
    slot.job = job;
    slot.worker.postMessage(job.input, [job.input.buffer as ArrayBuffer]);
  }
}

/** The image re-encoded on a pool thread (see reencodeImage); the input's buffer is handed over to it. */
export function reencodeInPool(input: Uint8Array): Promise<ReencodeResult> {
  return new Promise((resolve, reject) => {
    waiting.push({ input, resolve, reject });
    dispatch();
  });
}
