import { applyD1Migrations, env } from 'cloudflare:test';

// Runs before each test file; applyD1Migrations skips the migrations already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
