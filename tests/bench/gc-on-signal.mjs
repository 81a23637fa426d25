// Bench only: preloaded (with --expose-gc) into the `cluster` bench's platform and echo processes
// (tests/bench/cluster.ts), so SIGUSR2 makes a process collect its garbage before an RSS reading.
// With BENCH_MEMORY_DIR set, it then writes process.memoryUsage() (after the collections) to
// <dir>/<pid>.json: the JS heap (and the young generation's committed size) beside the RSS the bench
// reads from /proc.
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  const dir = process.env.BENCH_MEMORY_DIR;
  if (!dir) return;
  // Written aside and renamed: the bench never reads half a file.
  const file = join(dir, `${process.pid}.json`);
  // Beside it, what V8 keeps committed (resident pages of its heap, used or not) and the part of it
  // that is the young generation: empty after the collections, its size follows the allocation rate
  // (1 to 32 MB here), not the clients.
  const youngGeneration = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  const committed = v8.getHeapStatistics().total_heap_size;
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...process.memoryUsage(), youngGeneration, committed }));
  renameSync(`${file}.tmp`, file);
});
