// One thread of the upload pool (server/uploads/reencodePool.ts): re-encodes each image it is sent and answers
// with the result, so no decode runs on the thread that answers HTTP requests.
import { parentPort } from 'node:worker_threads';
import { reencodeImage } from './reencode.ts';

parentPort!.on('message', async (input: Uint8Array) => {
  parentPort!.postMessage(await reencodeImage(input));
});
