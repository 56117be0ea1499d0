/**
 * Layering, checked on the resolved import graph by dependency-cruiser (`npm run lint`). Each rule
 * has a case in scripts/layering.test.ts that builds a breaking import and shows the rule fails.
 * Tests and benchmarks may reach across (they drive real games and compare with the room).
 */
const TESTS = '\\.(test|bench)\\.ts$|(^|/)(testkit|testing|test-helpers)\\.ts$|^worker/(test|bench)/|^e2e/|^scripts/';
/** A game's rules: its folder, or the registry that loads every game. */
const GAME_RULES = '^shared/games/([^/]+/|registry\\.ts$)';
/** The room's public entry points; everything else in shared/room/ is its inside. */
const ROOM_PUBLIC = '^shared/room/(core|types|store|memory-store|patch)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A value import cycle: modules must import one way. A type-only (`import type`) cycle is allowed.',
      from: { path: '^(shared|worker|web/src)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'edge-loads-no-game-rules',
      severity: 'error',
      comment: 'The queue, the routes and D1 check game ids and ranked formats against shared/games/catalog.ts; only the room loads rules.',
      from: { path: '^worker/', pathNot: `^worker/room\\.ts$|${TESTS}` },
      to: { path: GAME_RULES },
    },
    {
      name: 'room-internals-stay-inside',
      severity: 'error',
      comment: `Outside shared/room/, the room is reached through its entry points (${ROOM_PUBLIC}).`,
      from: { pathNot: `^shared/room/|${TESTS}` },
      to: { path: '^shared/room/', pathNot: ROOM_PUBLIC },
    },
    {
      name: 'ranked-stays-pure',
      severity: 'error',
      comment: 'shared/ranked/ imports only pure shared modules: never the Worker, the web, the room or a game’s rules.',
      from: { path: '^shared/ranked/', pathNot: TESTS },
      to: { path: `^(worker|web|e2e|scripts)/|^shared/room/|${GAME_RULES}` },
    },
    {
      name: 'game-never-imports-room',
      severity: 'error',
      comment: 'A game (shared/games/<id>/) is reached by the room through the Game contract; it never imports the room.',
      from: { path: '^shared/games/[^/]+/' },
      to: { path: '^shared/room/' },
    },
    {
      name: 'game-never-imports-another-game',
      severity: 'error',
      comment: 'A game’s folders (shared/games/<id>/, web/src/games/<id>/) never reach into another game’s.',
      from: { path: '^(shared|web/src)/games/([^/]+)/' },
      to: { path: '^(shared|web/src)/games/[^/]+/', pathNot: '^(shared|web/src)/games/$2/' },
    },
    {
      name: 'room-reaches-games-by-registry',
      severity: 'error',
      comment: 'The room reaches games only through shared/games/registry.ts, never a game folder.',
      from: { path: '^shared/room/', pathNot: TESTS },
      to: { path: '^shared/games/[^/]+/' },
    },
    {
      name: 'd1-test-helpers-stay-in-tests',
      severity: 'error',
      comment:
        'worker/d1/inspect.ts and worker/d1/schema.ts name tables across owners for tests and benchmarks (migrations/README.md); the Worker never imports them.',
      from: { pathNot: TESTS },
      to: { path: '^worker/d1/(inspect|schema)\\.ts$' },
    },
    {
      name: 'shared-is-platform-free',
      severity: 'error',
      comment: 'The rules package (shared/) runs in the Worker, the browser and Node: it never imports the Worker or the web.',
      from: { path: '^shared/' },
      to: { path: '^(worker|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.wrangler)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
