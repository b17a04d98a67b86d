import { previewFeed, type PreviewMessage, type PreviewRequest } from './feed-preview';

/** The worker's side (DOM typings describe a window; a dedicated worker has these two). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewMessage): void;
}
const scope = self as unknown as WorkerScope;

// One file per worker: the page terminates it when the file or the type changes.
scope.onmessage = (event) => {
  void previewFeed(event.data, (message) => scope.postMessage(message));
};
