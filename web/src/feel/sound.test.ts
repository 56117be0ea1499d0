import { describe, expect, it } from 'vitest';
import { CUES, MUTE_KEY, SoundBoard, cuesFor, tickTimes, type AudioLike } from './sound';

/** A fake audio context counting what the board starts. */
function fakeAudio() {
  const started: string[] = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = (kind: string) => ({
    connect() {},
    start() {
      started.push(kind);
    },
    stop() {},
    frequency: param(),
    gain: param(),
    type: '',
    buffer: null,
  });
  const ctx = {
    currentTime: 0,
    sampleRate: 8000,
    state: 'running',
    destination: {},
    resume: async () => undefined,
    createGain: () => node('gain'),
    createOscillator: () => node('osc'),
    createBufferSource: () => node('noise'),
    createBiquadFilter: () => node('filter'),
    createBuffer: (_c: number, frames: number) => ({ getChannelData: () => new Float32Array(frames) }),
  } as unknown as AudioLike;
  let made = 0;
  return { started, made: () => made, factory: () => (made++, ctx) };
}

function memoryStorage(init: Record<string, string> = {}) {
  const data = new Map(Object.entries(init));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('sound gating', () => {
  it('makes no sound, and no audio context, before the first user gesture', () => {
    const audio = fakeAudio();
    const board = new SoundBoard({ storage: memoryStorage(), audio: audio.factory });
    expect(board.play('turn')).toBe(false);
    expect(audio.made()).toBe(0);
    expect(audio.started).toEqual([]);
    board.unlock();
    expect(board.play('turn')).toBe(true);
    expect(audio.started).toHaveLength(CUES.turn.length);
  });

  it('stays silent while muted, and sounds again once unmuted', () => {
    const audio = fakeAudio();
    const board = new SoundBoard({ storage: memoryStorage(), audio: audio.factory });
    board.unlock();
    board.setMuted(true);
    expect(board.play('card')).toBe(false);
    expect(audio.started).toEqual([]);
    board.setMuted(false);
    expect(board.play('card')).toBe(true);
    expect(audio.started).toEqual(['noise']);
  });

  it('plays nothing where the browser has no Web Audio', () => {
    const board = new SoundBoard({ storage: null, audio: () => null });
    board.unlock();
    expect(board.play('win')).toBe(false);
  });
});

describe('mute persistence', () => {
  it('remembers the mute switch on this device and reads it back on the next visit', () => {
    const storage = memoryStorage();
    const first = new SoundBoard({ storage });
    expect(first.muted).toBe(false);
    first.setMuted(true);
    expect(storage.data.get(MUTE_KEY)).toBe('1');
    expect(new SoundBoard({ storage }).muted).toBe(true);
    first.setMuted(false);
    expect(new SoundBoard({ storage }).muted).toBe(false);
  });

  it('tells listeners when the switch changes', () => {
    const board = new SoundBoard({ storage: memoryStorage() });
    const seen: boolean[] = [];
    const off = board.onMuted((m) => seen.push(m));
    board.setMuted(true);
    off();
    board.setMuted(false);
    expect(seen).toEqual([true]);
  });
});

describe('last-seconds ticks', () => {
  it('ticks at 3, 2 and 1 seconds before the deadline', () => {
    expect(tickTimes(10_000, 0)).toEqual([7_000, 8_000, 9_000]);
  });
  it('only the ticks still ahead when the clock is seen late', () => {
    expect(tickTimes(10_000, 8_500)).toEqual([9_000]);
    expect(tickTimes(10_000, 9_500)).toEqual([]);
  });
});

describe('one cue per batch of events', () => {
  it('plays the weightiest cue of a batch once: a trick taken over the card that took it', async () => {
    const cueOf = (e: string) => (e === 'play' ? 'card' : e === 'trick' ? 'trick' : null);
    expect(cuesFor(['play', 'play'], cueOf)).toEqual(['card']);
    expect(cuesFor(['play', 'trick'], cueOf)).toEqual(['trick']);
    expect(cuesFor(['bid'], cueOf)).toEqual([]);
  });
});
