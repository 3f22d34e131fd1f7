// The offline judge's word list, loaded, saved and packed off the page's main thread
// (see lib/lexicon-store.js for the messages). Started by lib/lexicon.js as a module worker.
import { runJob } from '../lib/lexicon-store.js';

const jobs = new Map(); // id → the running job's control

self.addEventListener('message', ({ data }) => {
  if (data?.type === 'load') {
    jobs.set(data.job.id, runJob(data.job, (message, transfer = []) => {
      if (message.state === 'idle') jobs.delete(message.id);
      self.postMessage(message, transfer);
    }));
  } else if (data?.type === 'info') {
    jobs.get(data.id)?.info(data.info);
  }
});
