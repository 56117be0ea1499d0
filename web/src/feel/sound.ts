/**
 * The site's sounds, synthesized with Web Audio (no files to load): a card laid, your turn,
 * the clock's last seconds, a trick or pile taken, a win. Shared by every table; it never
 * knows which game is playing.
 *
 * Browsers refuse audio before the user has touched the page, and a site that beeps on load
 * is rude anyway: nothing sounds until the first pointer press or key press. The mute switch
 * is remembered per device (localStorage), never sent anywhere.
 */
export type Cue = 'card' | 'turn' | 'tick' | 'trick' | 'win' | 'end';

export const MUTE_KEY = 'cardroom:muted';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** One note: start offset and length in seconds, frequency in Hz, peak gain, wave or noise. */
interface Note {
  at: number;
  len: number;
  freq: number;
  gain: number;
  type: 'sine' | 'square' | 'triangle' | 'noise';
}

/** The notes of each cue: short, soft, and distinct from one another. */
export const CUES: Record<Cue, Note[]> = {
  card: [{ at: 0, len: 0.07, freq: 1800, gain: 0.25, type: 'noise' }],
  turn: [
    { at: 0, len: 0.14, freq: 660, gain: 0.18, type: 'sine' },
    { at: 0.12, len: 0.2, freq: 990, gain: 0.16, type: 'sine' },
  ],
  tick: [{ at: 0, len: 0.05, freq: 1400, gain: 0.12, type: 'square' }],
  trick: [
    { at: 0, len: 0.16, freq: 900, gain: 0.18, type: 'noise' },
    { at: 0.05, len: 0.12, freq: 520, gain: 0.1, type: 'triangle' },
  ],
  win: [
    { at: 0, len: 0.16, freq: 523, gain: 0.18, type: 'triangle' },
    { at: 0.14, len: 0.16, freq: 659, gain: 0.18, type: 'triangle' },
    { at: 0.28, len: 0.16, freq: 784, gain: 0.18, type: 'triangle' },
    { at: 0.42, len: 0.42, freq: 1047, gain: 0.2, type: 'triangle' },
  ],
  end: [
    { at: 0, len: 0.2, freq: 440, gain: 0.14, type: 'sine' },
    { at: 0.18, len: 0.36, freq: 392, gain: 0.12, type: 'sine' },
  ],
};

interface ParamLike {
  value: number;
  setValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
}
interface NodeLike {
  connect(node: unknown): unknown;
}
interface SourceLike extends NodeLike {
  start(time: number): void;
  stop(time: number): void;
}
/** The slice of an AudioContext the board uses (a fake one in tests; no DOM types here). */
export interface AudioLike {
  currentTime: number;
  sampleRate: number;
  state: string;
  destination: unknown;
  resume(): Promise<void>;
  createGain(): NodeLike & { gain: ParamLike };
  createOscillator(): SourceLike & { type: string; frequency: ParamLike };
  createBuffer(channels: number, frames: number, rate: number): { getChannelData(channel: number): Float32Array };
  createBufferSource(): SourceLike & { buffer: unknown };
  createBiquadFilter(): NodeLike & { type: string; frequency: ParamLike };
}

export interface SoundOptions {
  storage?: StorageLike | null;
  /** Makes the audio context, on the first cue after a gesture. */
  audio?: () => AudioLike | null;
}

export class SoundBoard {
  private unlocked = false;
  private ctx: AudioLike | null = null;
  private readonly storage: StorageLike | null;
  private readonly makeAudio: () => AudioLike | null;
  private listeners = new Set<(muted: boolean) => void>();
  muted: boolean;

  constructor(opts: SoundOptions = {}) {
    this.storage = opts.storage ?? null;
    this.makeAudio = opts.audio ?? (() => null);
    this.muted = this.storage?.getItem(MUTE_KEY) === '1';
  }

  /** The user has pressed or typed on the page: sound may start. */
  unlock(): void {
    this.unlocked = true;
  }

  get canSound(): boolean {
    return this.unlocked && !this.muted;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.storage?.setItem(MUTE_KEY, muted ? '1' : '0');
    this.listeners.forEach((fn) => fn(muted));
  }

  onMuted(fn: (muted: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Plays a cue; false (and nothing made) while muted or before the first gesture. */
  play(cue: Cue): boolean {
    if (!this.canSound) return false;
    this.ctx ??= this.makeAudio();
    const ctx = this.ctx;
    if (!ctx) return false;
    if (ctx.state === 'suspended') void ctx.resume();
    for (const note of CUES[cue]) this.note(ctx, note);
    return true;
  }

  private note(ctx: AudioLike, n: Note): void {
    const start = ctx.currentTime + n.at;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(n.gain, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + n.len);
    gain.connect(ctx.destination);
    if (n.type === 'noise') {
      const frames = Math.max(1, Math.floor(ctx.sampleRate * n.len));
      const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
      const src = ctx.createBufferSource();
      src.buffer = buffer;
      const filter = ctx.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = n.freq;
      src.connect(filter);
      filter.connect(gain);
      src.start(start);
      src.stop(start + n.len);
    } else {
      const osc = ctx.createOscillator();
      osc.type = n.type;
      osc.frequency.value = n.freq;
      osc.connect(gain);
      osc.start(start);
      osc.stop(start + n.len + 0.02);
    }
  }
}

/** Seconds of a turn clock that tick aloud. */
export const TICK_SECONDS = 3;

/**
 * When the last-seconds ticks fall for a turn ending at `deadline` (ms), from `now`: one
 * per whole second of the final three, those still ahead only.
 */
export function tickTimes(deadline: number, now: number): number[] {
  const out: number[] = [];
  for (let s = TICK_SECONDS; s >= 1; s--) {
    const at = deadline - s * 1000;
    if (at >= now) out.push(at);
  }
  return out;
}

/** Cues to play for one batch of a table's events: the weightiest one, once. */
export function cuesFor<E>(events: readonly E[], cueOf: (event: E) => Cue | null): Cue[] {
  const order: Cue[] = ['win', 'trick', 'card'];
  const found = new Set(events.map(cueOf).filter((c): c is Cue => c !== null));
  return order.filter((c) => found.has(c)).slice(0, 1);
}
