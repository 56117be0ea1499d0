import { describe, expect, it } from 'vitest';
import { runtimeAssertions } from './worker-log';

describe("the Worker's log under the suite", () => {
  it('names a runtime assertion such as a second send on a socket while one is in flight', () => {
    const line =
      'workerd/jsg/util.c++:280: error: e = kj/compat/http.c++:4155: failed: expected !currentlySending; another message send is already in progress';
    expect(runtimeAssertions(`[wrangler:info] GET /api/health 200 OK (3ms)\n${line}\n[wrangler:info] Ready`)).toEqual([line]);
    expect(runtimeAssertions('kj/compat/http.c++: expected !currentlySending; another message send is already in progress')).toHaveLength(1);
  });

  it('passes what a healthy run logs: requests, warnings and sockets dropped on purpose', () => {
    const healthy = [
      '[wrangler:warn] Unable to fetch the `Request.cf` object! Falling back to a default placeholder...',
      '[wrangler:info] GET /api/rooms/abcdefghjkmn/ws 101 Switching Protocols (4ms)',
      'workerd/io/worker.c++:2100: info: uncaught exception; source = Uncaught (in promise); exception = Error: Network connection lost.',
      'kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer, size): Broken pipe',
    ].join('\n');
    expect(runtimeAssertions(healthy)).toEqual([]);
  });
});
