import type { Env as RoomEnv } from '../env';

declare global {
  namespace Cloudflare {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends RoomEnv {}
  }
}
