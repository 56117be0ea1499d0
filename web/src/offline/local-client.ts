/**
 * The page's side of an offline room: starts the worker (loaded only now, never on the home
 * page), feeds it the saved game, saves what it hands back, and passes frames both ways.
 */
import { passTo, setRevealer } from './handover';
import type { FromWorker, ToWorker } from './local-room.worker';
import { botLevelOf, loadSavedGame, saveRoomData } from './saved';

export interface LocalConnection {
  send(text: string): void;
  close(): void;
}

/** null when there is no such saved game. */
export function openLocalRoom(id: string, onFrame: (text: string) => void, onFailed: (message: string) => void): LocalConnection | null {
  const saved = loadSavedGame(id);
  if (!saved) return null;
  const worker = new Worker(new URL('./local-room.worker.ts', import.meta.url), { type: 'module', name: 'cardroom-offline-room' });
  const post = (m: ToWorker) => worker.postMessage(m);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.t === 'frame') onFrame(m.text);
    else if (m.t === 'save') saveRoomData(id, m.data);
    else if (m.t === 'pass') passTo.value = m.to;
    else onFailed(m.message);
  };
  worker.onerror = (e) => onFailed(e.message || 'The offline game stopped.');
  setRevealer(() => post({ t: 'reveal' }), (saved.people?.length ?? 1) > 1);
  if (saved.data) post({ t: 'resume', data: saved.data });
  else {
    post({
      t: 'new',
      room: {
        settings: { code: id, game: saved.game, options: saved.options, clock: saved.clock, pace: saved.pace },
        people: saved.people ?? [saved.name],
        players: saved.players,
        ...(saved.seats ? { seats: saved.seats } : {}),
        ...(saved.tutorial ? { tutorial: true } : {}),
        level: botLevelOf(saved.level),
      },
    });
  }
  return {
    send: (text) => post({ t: 'frame', text }),
    close: () => {
      setRevealer(null);
      worker.terminate();
    },
  };
}
