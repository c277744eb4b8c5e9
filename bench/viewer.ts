import { openSse } from '../spec/support/sse.js';

/** A /live viewer kept open while a flow runs: it reads every frame, as a dashboard would. */
export interface BenchViewer {
  /** Frames received so far. */
  readonly frames: number;
  close(): void;
}

/** Connects one viewer to session `id`'s live view and waits for its first frame. */
export async function watchSession(base: string, headers: Record<string, string>, id: string): Promise<BenchViewer> {
  const stream = await openSse(`${base}/v1/sessions/${id}/live`, { Authorization: headers.Authorization ?? '' });
  let frames = 0;
  let closed = false;
  await stream.nextOf('frame');
  frames++;
  void (async () => {
    while (!closed) {
      const message = await stream.next(60_000).catch(() => null);
      if (!message) break;
      if (message.event === 'frame') frames++;
    }
  })();
  return {
    get frames() {
      return frames;
    },
    close() {
      closed = true;
      stream.close();
    },
  };
}
