import { shallowRef } from 'vue';
import type { ClientMessage, RoomInfo } from '../../../shared/protocol';
import type { Reveal, VerifyProblem } from '../../../shared/fair';

/** This browser's own check of a finished game's deal (`shared/fair`). */
export interface FairCheck {
  reveal: Reveal;
  ok: boolean;
  problems: VerifyProblem[];
  /** The commitment was shown to this browser before the end (else only the reveal's own consistency was checked). */
  seenBefore: boolean;
  /** This browser's nonce went into the deal. */
  contributed: boolean;
}

/** Fair-deal hashing (SHA-256, HMAC) is needed before a deal and after a game, never to paint a table: its own chunk. */
let fairCode: Promise<typeof import('../../../shared/fair')> | null = null;
const loadFair = () => (fairCode ??= import('../../../shared/fair'));

export interface FairDealDeps {
  send(msg: ClientMessage): boolean;
  /** Counts connections: the nonce is resent once per connection while the game is not dealt. */
  connection(): number;
  /** Random bytes (crypto.getRandomValues by default). */
  random?(n: number): Uint8Array;
}

/**
 * The browser's side of a fair deal: remember the first commitment shown for each game, add
 * this browser's own nonce to a deal not yet made, and check the reveal at the end by itself.
 */
export function createFairDeal(deps: FairDealDeps) {
  const random = deps.random ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  /** The last finished game's deal, as this browser checked it. */
  const fairCheck = shallowRef<FairCheck | null>(null);
  const seenCommitments = new Map<number, string>();
  const myNonces = new Map<number, string>();
  /** Seat, game and connection the last nonce was sent for. */
  let nonceSentFor = '';
  /** Counts reveal checks and new games, so a check finishing late never overwrites a newer state. */
  let revealChecks = 0;

  /** A room message: note its commitment, and send this browser's nonce while it holds a person's seat before the deal. */
  function noteRoom(info: RoomInfo, seat: number | null): void {
    if (info.status === 'playing' && fairCheck.value) fairCheck.value = null;
    if (info.status === 'playing') revealChecks++;
    const c = info.commitment;
    if (!c) return;
    if (!seenCommitments.has(c.game)) seenCommitments.set(c.game, c.hash);
    const me = seat === null ? null : info.seats[seat];
    if (info.status === 'playing' || !me || me.kind !== 'human') return;
    const key = `${seat}:${c.game}:${deps.connection()}`;
    if (key === nonceSentFor) return;
    nonceSentFor = key;
    void loadFair().then(({ newNonce }) => {
      // The room moved on while the hashing code loaded: a later room message sends it.
      if (nonceSentFor !== key) return;
      let nonce = myNonces.get(c.game);
      if (!nonce) {
        nonce = newNonce(random);
        myNonces.set(c.game, nonce);
      }
      deps.send({ t: 'nonce', game: c.game, nonce });
    });
  }

  /** Check a reveal here, by itself: against the commitment seen before the deal and this browser's nonce. */
  async function checkReveal(reveal: Reveal): Promise<void> {
    const seen = seenCommitments.get(reveal.game);
    const mine = myNonces.get(reveal.game) ?? null;
    const check = ++revealChecks;
    const { verifyReveal } = await loadFair();
    // A new game began (or another reveal came) while the hashing code loaded: this check is stale.
    if (check !== revealChecks) return;
    const result = verifyReveal(reveal, seen ? { hash: seen } : null, mine);
    fairCheck.value = { reveal, ...result, seenBefore: seen !== undefined, contributed: mine !== null && !result.problems.includes('nonce_missing') };
  }

  /** The nonce for `game` came after the deal: it was not used. */
  function nonceLate(game: number): void {
    myNonces.delete(game);
  }

  function reset(): void {
    fairCheck.value = null;
    revealChecks++;
    seenCommitments.clear();
    myNonces.clear();
    nonceSentFor = '';
  }

  return { fairCheck, noteRoom, checkReveal, nonceLate, reset };
}

export type FairDeal = ReturnType<typeof createFairDeal>;
