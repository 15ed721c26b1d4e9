import { parentPort } from "node:worker_threads";
import { analyseBatch, VocabulariesSent, warmUpTermCounts, type DocumentBatch } from "../runtime";

// The thread of skill-analysis-pool.ts: analyses the batches it is sent, in order, and answers each with numbers.
const sent = new VocabulariesSent();
warmUpTermCounts();
parentPort!.postMessage({ ready: true });
parentPort!.on("message", ({ id, batch }: { id: number; batch: DocumentBatch }) => {
  let analysis;
  try {
    analysis = analyseBatch(batch, sent);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const { sizes, words, epochs, ids, counts } = analysis;
  parentPort!.postMessage({ id, analysis }, [sizes.buffer, words.buffer, epochs.buffer, ids.buffer, counts.buffer]);
});
