import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../shared/games/catalog';
import type { RoomInfo } from '../../shared/protocol';
import { roomPreview } from '../preview';

/** A Baloot room hosted by Layla (her name as she typed it), seats filled as given. */
function room(language: 'en' | 'ar' | undefined, status: RoomInfo['status'], taken: number): RoomInfo {
  return {
    code: 'abcdefghjkmn',
    game: 'baloot',
    status,
    options: {},
    clock: 10,
    pace: 'relaxed',
    public: false,
    seats: Array.from({ length: 4 }, (_, i) =>
      i < taken ? { name: i === 0 ? 'ليلى' : `P${i}`, kind: 'human' as const, connected: true, botPlaying: false } : null,
    ),
    teams: [0, 1, 0, 1],
    hostSeat: 0,
    spectators: 0,
    totals: [0, 0],
    gamesPlayed: 0,
    outcome: null,
    commitment: null,
    ranked: null,
    ...(language && { language }),
  };
}

describe("invite previews speak the host's language", () => {
  it('English: the game, the host, the free seats and what the link does', () => {
    expect(roomPreview(room('en', 'lobby', 1))).toMatchObject({
      title: 'Baloot with ليلى — 3 free seats',
      description: 'ليلى invites you to play Baloot on Cardroom: 3 of 4 seats free. Open the link to take a seat.',
      imageAlt: 'Baloot on Cardroom',
      language: 'en',
    });
    expect(roomPreview(room('en', 'lobby', 3)).title).toBe('Baloot with ليلى — 1 free seat');
    expect(roomPreview(room('en', 'playing', 4)).description).toBe("ليلى's Baloot game is under way on Cardroom. Open the link to watch.");
    // Rooms stored before they kept a language read as English.
    expect(roomPreview(room(undefined, 'finished', 4)).title).toBe('Baloot with ليلى — game over');
  });

  it('Arabic: the Arabic game name, no English word, and Arabic number agreement', () => {
    const open = roomPreview(room('ar', 'lobby', 1));
    expect(open).toMatchObject({
      title: 'بلوت مع ليلى — 3 مقاعد شاغرة',
      description: 'دعوة من ليلى للعب بلوت على كاردروم: 3 مقاعد شاغرة من أصل 4. افتح الرابط لتأخذ مقعداً.',
      imageAlt: 'بلوت على كاردروم',
      language: 'ar',
    });
    expect(roomPreview(room('ar', 'lobby', 3)).title).toBe('بلوت مع ليلى — مقعد واحد شاغر');
    expect(roomPreview(room('ar', 'lobby', 2)).title).toBe('بلوت مع ليلى — مقعدان شاغران');
    expect(roomPreview(room('ar', 'lobby', 4)).title).toBe('بلوت مع ليلى — الطاولة مكتملة');
    const playing = roomPreview(room('ar', 'playing', 4));
    expect(playing.title).toBe('بلوت مع ليلى — اللعب جارٍ');
    expect(playing.description).toBe('لعبة بلوت عند ليلى جارية الآن على كاردروم. افتح الرابط لتشاهدها.');
    expect(roomPreview(room('ar', 'finished', 4)).description).toBe('انتهت لعبة بلوت عند ليلى على كاردروم. افتح الرابط لترى النتيجة.');
    for (const status of ['lobby', 'playing', 'finished'] as const) {
      for (const taken of [1, 4]) {
        const p = roomPreview(room('ar', status, taken));
        expect(`${p.title} ${p.description} ${p.imageAlt}`, `${status} ${taken}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('every game of the catalog has its Arabic name, and an Arabic preview uses it', () => {
    for (const g of CATALOG) {
      expect(g.nameAr, g.id).toMatch(/\p{Script=Arabic}/u);
      expect(roomPreview({ ...room('ar', 'lobby', 1), game: g.id }).title, g.id).toContain(g.nameAr);
    }
  });
});
